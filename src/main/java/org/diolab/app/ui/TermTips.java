package org.diolab.app.ui;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import javafx.scene.Node;
import javafx.scene.control.Tooltip;
import javafx.util.Duration;
import org.diolab.lesson.glossary.Glossary;
import org.diolab.lesson.glossary.GlossaryEntry;
import org.diolab.lesson.glossary.GlossarySpan;

/**
 * What a kernel term says when the pointer rests on it: the headword, its one or two sentences and where the kernel
 * says so. One look for every place a term appears (prose, quiz choices, the stage's labels).
 */
public final class TermTips {
    /** Marks a node whose tooltip is ours, so a re-scan does not replace a tooltip someone else set. */
    private static final String MARK = "dio-lab.term-tip";
    /** Marks a node that shows its tip when it has the keyboard focus (the listener is added once). */
    private static final String ON_FOCUS = "dio-lab.term-tip-on-focus";

    /**
     * The terms of a tip not made yet: a tooltip is a popup control, and the stage's labels alone made dozens of them
     * for every lesson opened (a tenth of the first frame's work on the FX thread), most never looked at. It is made
     * when the pointer first enters the node, or the keyboard focus reaches it, or someone asks for it.
     */
    private record Pending(List<GlossaryEntry> entries) {}

    private TermTips() {}

    /** The text of a term's tip: {@code "bi_iter — what it is\nSource: include/linux/bvec.h"}. */
    public static String describe(GlossaryEntry e) {
        return e.term() + " — " + e.definition()
                + (e.sources().isEmpty() ? "" : "\nSource: " + String.join(", ", e.sources()));
    }

    /** One tip for one term. */
    public static Tooltip of(GlossaryEntry e) {
        return tip(describe(e));
    }

    /** One tip for every term in {@code entries}, in order (a quiz choice or a card label may name several). */
    public static Tooltip of(List<GlossaryEntry> entries) {
        return tip(String.join("\n\n", entries.stream().map(TermTips::describe).toList()));
    }

    /** The distinct entries the glossary finds in {@code text}, in the order they first appear. */
    public static List<GlossaryEntry> termsIn(Glossary g, String text) {
        Set<GlossaryEntry> out = new LinkedHashSet<>();
        for (GlossarySpan s : g.find(text == null ? "" : text)) {
            out.add(s.entry());
        }
        return List.copyOf(out);
    }

    /**
     * Gives {@code node} the tip of the terms in {@code text} (none: takes ours away). A node with a tooltip of its own
     * keeps it. The tip also shows while the node has the keyboard focus (Tab reaches a focusable one), under it.
     */
    public static void install(Node node, List<GlossaryEntry> entries) {
        Object mine = node.getProperties().get(MARK);
        if (mine instanceof Tooltip old) {
            Tooltip.uninstall(node, old);
            node.getProperties().remove(MARK);
        } else if (mine instanceof Pending) {
            node.getProperties().remove(MARK);
        } else if (node instanceof javafx.scene.control.Control c && c.getTooltip() != null) {
            return;
        }
        if (!entries.isEmpty()) {
            node.getProperties().put(MARK, new Pending(List.copyOf(entries)));
        }
        if (node.getProperties().putIfAbsent(ON_FOCUS, Boolean.TRUE) == null) {
            // Entering comes before the move that carries the pointer in, which the tooltip then sees as its own.
            node.addEventHandler(javafx.scene.input.MouseEvent.MOUSE_ENTERED, e -> installed(node));
            node.focusedProperty().addListener((o, was, is) -> {
                if (is) {
                    showUnder(node);
                } else {
                    installed(node).ifPresent(Tooltip::hide);
                }
            });
        }
    }

    /** Shows the tip {@link #install} put on {@code node} just under it (keyboard focus has no pointer to follow). */
    static void showUnder(Node node) {
        installed(node).ifPresent(t -> {
            javafx.geometry.Bounds b = node.localToScreen(node.getBoundsInLocal());
            if (b != null && node.getScene() != null && node.getScene().getWindow() != null) {
                t.show(node, b.getMinX(), b.getMaxY() + 4);
            }
        });
    }

    /** The tip {@link #install} put on {@code node}, if any, made now if it was not yet. */
    public static java.util.Optional<Tooltip> installed(Node node) {
        Object mine = node.getProperties().get(MARK);
        if (mine instanceof Pending p) {
            Tooltip t = of(p.entries());
            Tooltip.install(node, t);
            node.getProperties().put(MARK, t);
            return java.util.Optional.of(t);
        }
        return mine instanceof Tooltip t ? java.util.Optional.of(t) : java.util.Optional.empty();
    }

    private static Tooltip tip(String text) {
        Tooltip t = new Tooltip(text);
        t.setWrapText(true);
        t.setMaxWidth(460);
        t.setShowDelay(Duration.millis(250));
        t.setShowDuration(Duration.seconds(30));
        t.getStyleClass().add("term-tip");
        return t;
    }
}
