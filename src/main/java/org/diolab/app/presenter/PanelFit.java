package org.diolab.app.presenter;

import javafx.beans.Observable;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.Region;
import javafx.scene.shape.Rectangle;
import javafx.scene.text.Text;
import javafx.scene.text.TextFlow;

/**
 * Presenting, the side panel's Step tab never scrolls: a quote shows its first line, and when the step's words are
 * still taller than the panel their type shrinks from the presenting size ({@link #MAX_PX}) as far as {@link #MIN_PX};
 * words still too long at that size are cut at the panel's foot under a "Q: the rest" note ({@link #more()}). Q
 * ({@link PresenterMode#quoteOpenProperty()}) shows everything at the full size, scrolling if it must. Out of
 * presenter mode the panel is left as its views made it.
 *
 * <p>It touches the panel's nodes only through what the presenting look always set by style: the content's font size,
 * a quote's height and clip; it restores them on leaving.
 */
public final class PanelFit {
    /** The panel's type while presenting at 1280×720 (the window's root size then; larger windows scale it). */
    public static final double MAX_PX = 22;
    /** The least the panel's type shrinks to: still larger than any stage text the back row is asked to read. */
    public static final double MIN_PX = 16;

    private final ScrollPane scroll;
    private final PresenterMode presenter;
    private final Label more = new Label("▾ more: Q shows the rest");
    private final Rectangle cut = new Rectangle();
    private boolean fitting;
    private double size = MAX_PX;
    private boolean clipped;

    /**
     * @param scroll    the Step tab's scroll pane
     * @param presenter the presenter mode whose state decides
     * @param changes   what changes the panel's words (the step, the closing words)
     */
    public PanelFit(ScrollPane scroll, PresenterMode presenter, Observable... changes) {
        this.scroll = scroll;
        this.presenter = presenter;
        more.getStyleClass().add("panel-more");
        more.setId("panel-more");
        more.setMouseTransparent(true);
        more.setVisible(false);
        more.setMaxSize(Region.USE_PREF_SIZE, Region.USE_PREF_SIZE);
        presenter.onProperty().addListener(o -> fit());
        presenter.quoteOpenProperty().addListener(o -> fit());
        presenter.scaleProperty().addListener(o -> fit());
        scroll.viewportBoundsProperty().addListener(o -> fit());
        scroll.widthProperty().addListener(o -> fit());
        for (Observable c : changes) {
            c.addListener(o -> fit());
        }
    }

    /** The note shown while the words are cut; the window places it at the panel's foot. */
    public Label more() {
        return more;
    }

    /** The panel's type size now, px (for tests and the report). */
    public double size() {
        return size;
    }

    /** Whether the words are cut at the panel's foot now. */
    public boolean clipped() {
        return clipped;
    }

    /** Fits the panel to its height now (after a step, a size or a mode change). */
    public void fit() {
        if (fitting || !(scroll.getContent() instanceof Region content)) {
            return;
        }
        fitting = true;
        try {
            boolean on = presenter.onProperty().get()
                    && !presenter.quoteOpenProperty().get();
            double view = scroll.getHeight() - scroll.snappedTopInset() - scroll.snappedBottomInset();
            double width = scroll.getWidth() - scroll.snappedLeftInset() - scroll.snappedRightInset();
            if (!on || view <= 0 || width <= 0) {
                release(content);
                return;
            }
            unclip(content); // measure the words, not the last step's cut
            scroll.setVbarPolicy(ScrollPane.ScrollBarPolicy.NEVER);
            scroll.setHbarPolicy(ScrollPane.ScrollBarPolicy.NEVER);
            // The largest size, in half pixels, at which the words fit (their height falls as the size does).
            double k = presenter.scaleProperty().get();
            double lo = MIN_PX * k;
            double hi = MAX_PX * k;
            if (heightAt(content, hi, width) <= view) {
                lo = hi;
            } else {
                while (hi - lo > 0.5) {
                    double mid = Math.floor((lo + hi)) / 2;
                    if (heightAt(content, mid, width) <= view) {
                        lo = mid;
                    } else {
                        hi = mid;
                    }
                }
            }
            size = lo;
            clipped = heightAt(content, lo, width) > view + 0.5;
            if (clipped) {
                // Cut above the note, which sits over the panel's foot.
                cut.setWidth(width);
                cut.setHeight(Math.max(0, view - more.prefHeight(-1) - 4));
                content.setClip(cut);
                content.setMinHeight(view);
                content.setPrefHeight(view);
                content.setMaxHeight(view);
            } else {
                unclip(content);
            }
            more.setVisible(clipped);
        } finally {
            fitting = false;
        }
    }

    /** The content's height at type size {@code px}, quotes on one line. */
    private double heightAt(Region content, double px, double width) {
        content.setStyle("-fx-font-size: " + px + "px;");
        content.applyCss();
        for (Node n : content.lookupAll(".quote-text")) {
            if (n instanceof Region r && n.isVisible()) {
                oneLine(r);
            }
        }
        return content.prefHeight(width);
    }

    /** A quote's first line: the rest is hidden under its clip until Q. */
    private static void oneLine(Region quote) {
        double line = lineHeight(quote);
        quote.setMinHeight(line);
        quote.setPrefHeight(line);
        quote.setMaxHeight(line);
        Rectangle r = quote.getClip() instanceof Rectangle c ? c : new Rectangle();
        r.widthProperty().bind(quote.widthProperty());
        r.setHeight(line);
        quote.setClip(r);
    }

    private static double lineHeight(Region quote) {
        for (Node n : quote.getChildrenUnmodifiable()) {
            if (n instanceof Text t) {
                Text probe = new Text("Ag");
                probe.setFont(t.getFont());
                double spacing = quote instanceof TextFlow f ? f.getLineSpacing() : 0;
                return Math.ceil(probe.getLayoutBounds().getHeight() + spacing)
                        + quote.snappedTopInset()
                        + quote.snappedBottomInset();
            }
        }
        return 0;
    }

    private static void unclip(Region content) {
        content.setClip(null);
        content.setMinHeight(Region.USE_COMPUTED_SIZE);
        content.setPrefHeight(Region.USE_COMPUTED_SIZE);
        content.setMaxHeight(Region.USE_COMPUTED_SIZE);
    }

    /** Back to the panel as its views made it: own sizes, whole quotes, scrolling as needed. */
    private void release(Region content) {
        content.setStyle("");
        unclip(content);
        for (Node n : content.lookupAll(".quote-text")) {
            if (n instanceof Region r && r.getClip() != null) {
                r.setClip(null);
                r.setMinHeight(Region.USE_PREF_SIZE);
                r.setPrefHeight(Region.USE_COMPUTED_SIZE);
                r.setMaxHeight(Region.USE_COMPUTED_SIZE);
            }
        }
        scroll.setVbarPolicy(ScrollPane.ScrollBarPolicy.AS_NEEDED);
        scroll.setHbarPolicy(ScrollPane.ScrollBarPolicy.AS_NEEDED);
        size = MAX_PX;
        clipped = false;
        more.setVisible(false);
    }
}
