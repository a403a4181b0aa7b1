package org.diolab.app.stage.motion;

import javafx.css.PseudoClass;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.layout.Region;
import org.diolab.app.stage.cards.ByteCells;
import org.diolab.app.stage.layout.Route;

/**
 * One thing that moves in a step's transition, over its own part {@code [from, to]} of the transition's progress.
 * {@link #apply} shows any instant; {@link #end} leaves the node as the step's static picture has it, so a transition
 * cut short never leaves anything half-way.
 */
abstract class Cue {
    static final PseudoClass FLASH = PseudoClass.getPseudoClass("flash");
    private final double from;
    private final double to;

    Cue(double from, double to) {
        this.from = from;
        this.to = to;
    }

    /** Shows the transition at overall progress {@code t}. */
    final void apply(double t) {
        double u = to <= from ? (t >= to ? 1 : 0) : Math.clamp((t - from) / (to - from), 0, 1);
        show(ease(u), t >= from && t <= to);
    }

    /** @param u this cue's own progress, eased; {@code active} while inside its part of the transition */
    abstract void show(double u, boolean active);

    abstract void end();

    static double ease(double u) {
        return u < 0.5 ? 2 * u * u : 1 - Math.pow(-2 * u + 2, 2) / 2;
    }

    /** A card or chip appears: fades in and grows to full size, or, for a clone, slides out from its original. */
    static Cue appear(Node n, double dx, double dy, double from, double to) {
        return new Cue(from, to) {
            void show(double u, boolean active) {
                n.setOpacity(u);
                n.setTranslateX(dx * (1 - u));
                n.setTranslateY(dy * (1 - u));
                double s = dx == 0 && dy == 0 ? 0.85 + 0.15 * u : 1;
                n.setScaleX(s);
                n.setScaleY(s);
            }

            void end() {
                n.setOpacity(1);
                n.setTranslateX(0);
                n.setTranslateY(0);
                n.setScaleX(1);
                n.setScaleY(1);
            }
        };
    }

    /** A finished bio fades toward leaving the stage (it is gone from the next step on). */
    static Cue fade(Node n, double toOpacity, double from, double to) {
        return new Cue(from, to) {
            void show(double u, boolean active) {
                n.setOpacity(1 - (1 - toOpacity) * u);
            }

            void end() {
                n.setOpacity(toOpacity);
            }
        };
    }

    /**
     * Bytes that change flip over: until {@code from} the cells hold the old bytes; from that very instant the new
     * ones turn in and the cells flash — the bytes are the new ones the moment the packet lands, not half-way after.
     */
    static Cue flip(ByteCells cells, String before, String after, double from, double to) {
        return new Cue(from, to) {
            void show(double u, boolean active) {
                boolean landed = active || u > 0;
                for (int i = 0; i < cells.getChildren().size(); i++) {
                    if (!landed) {
                        continue; // the cells show the old bytes already: the stage is at the step before here
                    }
                    Label c = cells.cell(i);
                    char old = i < before.length() ? before.charAt(i) : ' ';
                    char now = i < after.length() ? after.charAt(i) : ' ';
                    if (old == now && before.length() == after.length()) {
                        continue;
                    }
                    c.setText(String.valueOf(now));
                    c.setScaleY(0.3 + 0.7 * u);
                    c.pseudoClassStateChanged(FLASH, u < 1);
                }
            }

            void end() {
                for (int i = 0; i < cells.getChildren().size(); i++) {
                    Label c = cells.cell(i);
                    c.setScaleY(1);
                    c.pseudoClassStateChanged(FLASH, false);
                    if (i < after.length()) {
                        c.setText(String.valueOf(after.charAt(i)));
                    }
                }
            }
        };
    }

    /** Runs {@code action} once: when progress reaches {@code at}, or at the end if it never did. */
    static Cue once(Runnable action, double at) {
        return new Cue(at, at) {
            private boolean done;

            void show(double u, boolean active) {
                if (u >= 1 && !done) {
                    done = true;
                    action.run();
                }
            }

            void end() {
                if (!done) {
                    done = true;
                    action.run();
                }
            }
        };
    }

    /** A pin drops onto the page (count up) or lifts off it (count down). */
    static Cue pin(Node icon, boolean drop, double from, double to) {
        return new Cue(from, to) {
            void show(double u, boolean active) {
                double off = drop ? 1 - u : u;
                icon.setTranslateY(-18 * off);
                icon.setOpacity(drop ? u : 1 - u * 0.8);
            }

            void end() {
                icon.setTranslateY(0);
                icon.setOpacity(1);
            }
        };
    }

    /** A value recomputed (a checksum, a lock, a work item): a brief highlight and swell. */
    static Cue pulse(Node n, double from, double to) {
        return new Cue(from, to) {
            void show(double u, boolean active) {
                double s = 1 + 0.08 * Math.sin(Math.PI * u);
                n.setScaleX(s);
                n.setScaleY(s);
                n.pseudoClassStateChanged(FLASH, u > 0 && u < 1);
            }

            void end() {
                n.setScaleX(1);
                n.setScaleY(1);
                n.pseudoClassStateChanged(FLASH, false);
            }
        };
    }

    /** The DMA's packet: a chip carrying the bytes, travelling along the arrow from source to destination. */
    static Cue packet(Region chip, Route path, double from, double to) {
        return new Cue(from, to) {
            void show(double u, boolean active) {
                javafx.geometry.Point2D p = path.at(u);
                double w = chip.prefWidth(-1);
                double h = chip.prefHeight(w);
                chip.resizeRelocate(p.getX() - w / 2, p.getY() - h / 2, w, h);
                chip.setVisible(active || u > 0 && u < 1);
            }

            void end() {
                chip.setVisible(false);
            }
        };
    }
}
