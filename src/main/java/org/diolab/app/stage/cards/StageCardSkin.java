package org.diolab.app.stage.cards;

import javafx.scene.Group;
import javafx.scene.control.Label;
import javafx.scene.control.SkinBase;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.shape.Polygon;

/**
 * What every card skin shares: a body the subclass fills, a corner notch shown while the step changed the object (shape
 * as well as colour), and a badge naming the broken invariant. Notch and badge sit over the card's edge and take no
 * room, so a card keeps its size whatever happens to it.
 *
 * <p>All three sit in one face ({@code .card-face}): the stylesheet fades the face of a finished bio or a freed page,
 * while a transition moves and fades the card itself, so the two never set the same property.
 */
abstract class StageCardSkin<T, C extends StageCard<T>> extends SkinBase<C> {
    protected final VBox body = new VBox(4);
    private final Polygon notch = new Polygon(0, 0, 14, 0, 0, 14);
    private final Label badge = new Label();
    private final Group face = new Group(body, notch, badge);

    StageCardSkin(C card) {
        super(card);
        body.getStyleClass().add("card-body");
        notch.getStyleClass().add("changed-notch");
        notch.setManaged(false);
        notch.setMouseTransparent(true);
        badge.getStyleClass().add("violation-badge");
        badge.setManaged(false);
        badge.setMinWidth(Region.USE_PREF_SIZE);
        face.getStyleClass().add("card-face");
        face.setAutoSizeChildren(false);
        getChildren().add(face);
        registerChangeListener(card.valueProperty(), e -> refresh());
        registerChangeListener(card.changedProperty(), e -> refresh());
        registerChangeListener(card.marksProperty(), e -> refresh());
    }

    /** Call at the end of the subclass constructor, once its nodes exist. */
    protected final void refresh() {
        C card = getSkinnable();
        T v = card.valueProperty().get();
        if (v != null) {
            update(v);
            CardTips.scan(body); // a label naming a kernel term ("bi_iter", "folio") shows what it is on hover
        }
        notch.setVisible(card.changedProperty().get());
        // One mark a line: two side by side made the badge wider than a narrow card (and cut).
        String marks = String.join("\n", card.marksProperty().get());
        if (!marks.equals(badge.getText())) {
            badge.setText(marks);
            getSkinnable().requestLayout(); // the badge hangs outside the face: only the card's layout resizes it
        }
        badge.setVisible(!marks.isEmpty() && showsBadge());
        card.setAccessibleText(describe(v)
                + (card.changedProperty().get() ? ", changed by this step" : "")
                + (marks.isEmpty() ? "" : ", " + marks.replace("\n", ", ")));
    }

    /** Fills the body from the value. */
    protected abstract void update(T value);

    /** A sentence for screen readers. */
    protected abstract String describe(T value);

    /** Whether the card badge carries the marks (a device marks its blocks' rows instead). */
    protected boolean showsBadge() {
        return true;
    }

    /** The body's height at the card's width (SkinBase's default would ignore the width). */
    @Override
    protected double computePrefHeight(double width, double top, double right, double bottom, double left) {
        return top + body.prefHeight(width < 0 ? -1 : width - left - right) + bottom;
    }

    @Override
    protected double computePrefWidth(double height, double top, double right, double bottom, double left) {
        return left + body.prefWidth(-1) + right;
    }

    @Override
    protected void layoutChildren(double x, double y, double w, double h) {
        face.setLayoutX(0); // not relocate: the badge hangs above the card, outside the face's own bounds
        face.setLayoutY(0);
        body.resizeRelocate(x, y, w, h);
        notch.relocate(x, y);
        double bw = badge.prefWidth(-1);
        double bh = badge.prefHeight(bw);
        badge.resizeRelocate(x + w - bw + 6, y - bh / 2, bw, bh);
    }
}
