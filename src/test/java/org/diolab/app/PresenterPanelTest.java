package org.diolab.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import javafx.scene.control.Labeled;
import javafx.scene.control.ScrollPane;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.diolab.TestLessons;
import org.diolab.app.lesson.LessonViewModel;
import org.diolab.engine.Trace;
import org.diolab.lesson.Lesson;
import org.diolab.lesson.LessonLibrary;
import org.diolab.lesson.PolicyChoice;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * Presenter mode at 1280×720, a projector's size: at any step of any lesson (under its first policy) the side panel's Step tab holds
 * no more than the lesson's prose and a line each of quote and source (the verdict is in the stage's banner), in
 * under half its height; its tabs' names are whole; Q opens the whole quote. It prints how many steps fit whole.
 */
@ExtendWith(ApplicationExtension.class)
class PresenterPanelTest {
    private final LessonLibrary library = TestLessons.bundled();

    @Start
    void start(Stage stage) {
        stage.show();
    }

    @Test
    @Timeout(value = 10, unit = TimeUnit.MINUTES)
    void theStepTabFitsWithoutScrollingAtEveryStepAt1280x720(FxRobot robot) {
        LessonViewModel vm = new LessonViewModel();
        List<String> problems = new ArrayList<>();
        int[] steps = {0};
        int[] fits = {0};
        robot.interact(() -> {
            MainWindow w = FxTestSupport.offscreen(library, vm, 1280, 720);
            w.presenter().onProperty().set(true);
            for (Lesson l : library.lessons()) {
                // Each lesson under its first policy: a whole window laid out per step is slow on a shared machine.
                for (PolicyChoice c : l.policies().subList(0, 1)) {
                    w.openLesson(l.id());
                    vm.selectPolicy(c.policy());
                    Trace t = vm.traceProperty().get();
                    for (int i = 0; i < t.size(); i++) {
                        vm.goTo(i);
                        FxTestSupport.relayout(w, 1280, 720);
                        ScrollPane step = stepScroll(w);
                        double content = step.getContent().getLayoutBounds().getHeight();
                        double view = step.getViewportBounds().getHeight();
                        // The lesson's own prose (what happened, why, what the run showed) can be longer than a
                        // projector's panel at 22 px; everything else — counter, quote, source, verdict — must fit.
                        double prose = 0;
                        for (String kind : List.of(".step-action", ".narration-text")) {
                            for (Node part : step.getContent().lookupAll(kind)) {
                                if (part.isVisible() && part.getParent().isVisible()) {
                                    prose += part.getLayoutBounds().getHeight();
                                }
                            }
                        }
                        if (content <= view + 0.5) {
                            fits[0]++;
                        } else if (content - prose > view * 0.5) {
                            problems.add(l.id() + "/" + c.policy().id() + " step " + i + ": the Step tab needs "
                                    + Math.round(content) + " px of " + Math.round(view) + ", "
                                    + Math.round(content - prose) + " of them not the lesson's prose");
                        }
                        steps[0]++;
                    }
                }
            }
            for (Node tab : w.lookupAll(".side-tabs .tab-label")) {
                if (tab instanceof Labeled l
                        && l.lookup(".text") instanceof Text shown
                        && !shown.getText().equals(l.getText())) {
                    problems.add("tab '" + l.getText() + "' shows '" + shown.getText() + "'");
                }
            }
        });
        problems.stream().limit(30).forEach(p -> System.out.println("PANEL " + p));
        System.out.println("presenter panel at 1280x720: the Step tab fits without scrolling at " + fits[0] + " of "
                + steps[0] + " steps");
        assertThat(problems).isEmpty();
        assertThat(steps[0]).isGreaterThan(100);
    }

    @Test
    void qOpensTheWholeQuoteWhilePresenting(FxRobot robot) {
        LessonViewModel vm = new LessonViewModel();
        double[] heights = new double[2];
        robot.interact(() -> {
            MainWindow w = FxTestSupport.offscreen(library, vm, 1280, 720);
            w.presenter().onProperty().set(true);
            w.openLesson("raid1-mirrors-diverge");
            vm.goTo(6);
            FxTestSupport.relayout(w, 1280, 720);
            heights[0] = w.lookup("#quote-text").getLayoutBounds().getHeight();
            w.presenter().toggleQuote();
            FxTestSupport.relayout(w, 1280, 720);
            heights[1] = w.lookup("#quote-text").getLayoutBounds().getHeight();
        });
        assertThat(heights[1]).as("the open quote, vs its first line").isGreaterThan(heights[0] * 2.5);
    }

    private static ScrollPane stepScroll(MainWindow w) {
        for (Node n : w.lookupAll(".side-tabs .scroll-pane")) {
            if (n instanceof ScrollPane sp
                    && sp.getContent() != null
                    && sp.getContent().lookup(".narration-view") != null) {
                return sp;
            }
        }
        throw new AssertionError("no Step tab");
    }
}
