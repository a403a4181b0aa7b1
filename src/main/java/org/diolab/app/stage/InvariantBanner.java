package org.diolab.app.stage;

import java.util.List;
import javafx.css.PseudoClass;
import javafx.scene.control.Label;
import javafx.scene.layout.Region;
import org.diolab.engine.invariant.Violation;

/**
 * The line over the stage that says whether the lesson's invariants hold at this step, in words and with a symbol:
 * visible whatever the zoom, so a room sees the moment something breaks. Its height never changes, so the stage
 * below never moves.
 */
final class InvariantBanner extends Label {
    private static final PseudoClass VIOLATED = PseudoClass.getPseudoClass("violated");

    InvariantBanner() {
        getStyleClass().add("stage-banner");
        setId("stage-banner");
        setWrapText(true);
        setMaxWidth(Double.MAX_VALUE);
        setMinHeight(Region.USE_PREF_SIZE);
        show(List.of());
    }

    /**
     * Always three lines high, whatever the text: the stage under it must not move between steps, and a violation's
     * detail (which block, which checksum, what the disk holds) must be read whole at a projector's width.
     */
    @Override
    protected double computePrefHeight(double width) {
        double line = getFont().getSize() * 1.4;
        return snappedTopInset() + 3 * line + snappedBottomInset();
    }

    @Override
    protected double computeMaxHeight(double width) {
        return computePrefHeight(width);
    }

    void show(List<Violation> violations) {
        if (violations.isEmpty()) {
            setText("✓ Every invariant holds at this step.");
        } else {
            Violation v = violations.getFirst();
            String more = violations.size() > 1 ? "  (+" + (violations.size() - 1) + " more)" : "";
            setText("✗ " + v.invariant() + " violated — " + v.detail() + more);
        }
        pseudoClassStateChanged(VIOLATED, !violations.isEmpty());
    }
}
