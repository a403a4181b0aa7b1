package org.diolab.app.stage;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import javafx.css.PseudoClass;
import javafx.scene.control.Label;
import javafx.scene.layout.Region;
import org.diolab.engine.Snapshot;
import org.diolab.engine.invariant.Violation;

/**
 * The line over the stage that says whether the lesson's invariants hold at this step, in words and with a symbol:
 * visible whatever the zoom, so a room sees the moment something breaks. Its height never changes during a run, so
 * the stage below never moves.
 */
final class InvariantBanner extends Label {
    private static final PseudoClass VIOLATED = PseudoClass.getPseudoClass("violated");
    private final Set<String> expected = new LinkedHashSet<>();
    private final javafx.scene.text.Text probe = new javafx.scene.text.Text();

    InvariantBanner() {
        getStyleClass().add("stage-banner");
        setId("stage-banner");
        setWrapText(true);
        setMaxWidth(Double.MAX_VALUE);
        setMinHeight(Region.USE_PREF_SIZE);
        show(List.of());
    }

    /**
     * As high as the longest text the run on show will put here, at this width (one line at least): the stage under
     * it must not move between steps, and a violation's detail (which block, which checksum, what the disk holds) must
     * be read whole — but a one-line detail must not cost the stage two empty lines on a small projector.
     */
    @Override
    protected double computePrefHeight(double width) {
        double w = (width < 0 ? getWidth() : width) - snappedLeftInset() - snappedRightInset();
        double line = getFont().getSize() * 1.4;
        double h = line;
        // Bold, as a violation shows: the widest the text gets, whatever the state on show while measuring.
        probe.setFont(javafx.scene.text.Font.font(
                getFont().getFamily(),
                javafx.scene.text.FontWeight.BOLD,
                getFont().getSize()));
        probe.setWrappingWidth(Math.max(1, w));
        for (String t : expected) {
            probe.setText(t);
            h = Math.max(h, probe.getLayoutBounds().getHeight());
        }
        // A text that wraps gets a spare line: the label and this probe may break its lines a word apart.
        double spare = h > line * 1.5 ? line : 0;
        return snappedTopInset() + Math.ceil(h + spare) + 2 + snappedBottomInset();
    }

    @Override
    protected double computeMaxHeight(double width) {
        return computePrefHeight(width);
    }

    /** The texts the run on show will put here (every step's), so the height fits the longest from the start. */
    void expect(List<Snapshot> steps) {
        boolean added = false;
        for (Snapshot s : steps) {
            added |= expected.add(text(s.violations()));
        }
        if (added) {
            requestLayout();
        }
    }

    /** Forgets the texts expected (another lesson or policy is cast). */
    void reset() {
        expected.clear();
        requestLayout();
    }

    void show(List<Violation> violations) {
        setText(text(violations));
        pseudoClassStateChanged(VIOLATED, !violations.isEmpty());
    }

    private static String text(List<Violation> violations) {
        if (violations.isEmpty()) {
            return "✓ Every invariant holds at this step.";
        }
        Violation v = violations.getFirst();
        String more = violations.size() > 1 ? "  (+" + (violations.size() - 1) + " more)" : "";
        return "✗ " + v.invariant() + " violated — " + v.detail() + more;
    }
}
