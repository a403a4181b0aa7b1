package org.diolab.app.stage;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.control.Labeled;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import org.diolab.TestLessons;
import org.diolab.app.stage.cards.LaneRow;
import org.diolab.app.stage.cards.StageCard;
import org.diolab.app.ui.TermTips;
import org.diolab.lesson.glossary.Glossary;
import org.diolab.lesson.glossary.GlossaryEntry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The glossary on the stage (issue 20): a card's label that names a kernel term shows that term's tip, and a lane's
 * step chip shows the entry its step label stands for, then the lane's path. Read at every step of the async-csum
 * lesson under its async-csum policy (the bio's bi_iter, the worker's saved iterator, end_io, submit) as the stage
 * draws it.
 */
@ExtendWith(ApplicationExtension.class)
class StageTermTipsTest {
    private final Glossary glossary = Glossary.bundled();
    private final org.diolab.lesson.Lesson lesson =
            TestLessons.bundled().find("async-csum-pipelining").orElseThrow();
    private final org.diolab.engine.op.Policy policy =
            org.diolab.engine.op.Policy.byId("async-csum").orElseThrow();
    private final org.diolab.engine.Trace trace = lesson.play(policy);
    private final org.diolab.app.stage.cast.LanePaths lanes = new org.diolab.app.stage.cast.LanePaths(
            lesson.simulator(policy), trace, org.diolab.app.stage.cast.StageCasting.threadTitles(lesson.scenario()));
    private StageView view;

    @Start
    void start(Stage stage) {
        view = new StageView();
        view.reducedMotionProperty().set(true);
        StackPane root = StageRun.offscreen(view, 1600, 1000);
        view.setCast(org.diolab.app.stage.cast.StageCasting.of(
                lesson.simulator(policy),
                trace,
                org.diolab.app.stage.cast.StageCasting.threadTitles(lesson.scenario())));
        root.applyCss();
        root.layout();
    }

    @Test
    void cardLabelsAndStepChipsShowTheGlossaryEntryOfWhatTheyName(FxRobot robot) {
        List<String> cardTerms = new ArrayList<>();
        List<String> chipTerms = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        robot.interact(() -> {
            for (int i = 0; i < trace.size(); i++) {
                view.setFrame(new StageFrame(trace, i, lanes.at(i)));
                view.applyCss();
                view.layout();
                for (Node n : view.lookupAll(".label")) {
                    if (!(n instanceof Labeled l) || l.getText() == null || !showing(l)) {
                        continue;
                    }
                    if (l.getStyleClass().contains("step-chip")) {
                        chip(l, chipTerms, problems, i);
                    } else if (inCard(l)) {
                        card(l, cardTerms, problems, i);
                    }
                }
            }
        });
        assertThat(problems).isEmpty();
        assertThat(cardTerms).as("terms named on cards with their tips").contains("bi_iter", "csum_saved_iter");
        assertThat(chipTerms).as("step chips with their entries").contains("submit_bio", "end_io");
    }

    /** A card label's tip is exactly the tips of the terms in its text, in order; no term, no tip of ours. */
    private void card(Labeled l, List<String> seen, List<String> problems, int step) {
        List<GlossaryEntry> terms = TermTips.termsIn(glossary, l.getText());
        java.util.Optional<Tooltip> tip = TermTips.installed(l);
        if (terms.isEmpty()) {
            if (tip.isPresent()) {
                problems.add("step " + step + ": '" + l.getText() + "' names no term but has a tip");
            }
            return;
        }
        String want = TermTips.of(terms).getText();
        if (tip.isEmpty() || !tip.get().getText().equals(want)) {
            problems.add("step " + step + ": '" + l.getText() + "' should tell "
                    + terms.getFirst().term());
        }
        terms.forEach(e -> seen.add(e.term()));
    }

    /** A chip's tip starts with its step label's entry, when the glossary has one, and ends with the lane's path. */
    private void chip(Labeled l, List<String> seen, List<String> problems, int step) {
        Tooltip tip = l.getTooltip();
        if (tip == null || !tip.getText().contains("This lane: ")) {
            problems.add("step " + step + ": chip '" + l.getText() + "' has no path in its tip");
            return;
        }
        glossary.forStep(l.getText()).ifPresent(e -> {
            if (!tip.getText().startsWith(TermTips.describe(e))) {
                problems.add("step " + step + ": chip '" + l.getText() + "' should tell " + e.term());
            }
            seen.add(e.term());
        });
    }

    private static boolean showing(Node n) {
        for (Node p = n; p != null; p = p.getParent()) {
            if (!p.isVisible()) {
                return false;
            }
        }
        return true;
    }

    private static boolean inCard(Node n) {
        for (Node p = n; p != null; p = p.getParent()) {
            if (p instanceof StageCard<?>) {
                return !n.getStyleClass().contains("violation-badge")
                        && !n.getStyleClass().contains("byte-cell");
            }
            if (p instanceof LaneRow) {
                return n.getStyleClass().contains("lane-title");
            }
        }
        return false;
    }
}
