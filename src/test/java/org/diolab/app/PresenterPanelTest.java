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
import org.diolab.app.presenter.PanelFit;
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
 * Presenter mode at 1280×720, a projector's size: at every step of every lesson and policy the side panel's Step tab
 * never scrolls — a quote shows its first line, long words shrink to no less than {@link PanelFit#MIN_PX} and what
 * still does not fit is cut under the "Q shows the rest" note, which shows exactly then; its tabs' names are whole; Q
 * opens the whole quote and words. It prints how many steps fit at full size, shrunk, and cut.
 */
@ExtendWith(ApplicationExtension.class)
class PresenterPanelTest {
    private final LessonLibrary library = TestLessons.bundled();

    @Start
    void start(Stage stage) {
        stage.show();
    }

    @Test
    @Timeout(value = 15, unit = TimeUnit.MINUTES)
    void theStepTabNeverScrollsAt1280x720(FxRobot robot) {
        LessonViewModel vm = new LessonViewModel();
        List<String> problems = new ArrayList<>();
        int[] steps = {0};
        int[] whole = {0};
        int[] cut = {0};
        double[] least = {PanelFit.MAX_PX};
        robot.interact(() -> {
            MainWindow w = FxTestSupport.offscreen(library, vm, 1280, 720);
            w.presenter().onProperty().set(true);
            for (Lesson l : library.lessons()) {
                for (PolicyChoice c : l.policies()) {
                    w.openLesson(l.id());
                    vm.selectPolicy(c.policy());
                    Trace t = vm.traceProperty().get();
                    for (int i = 0; i < t.size(); i++) {
                        vm.goTo(i);
                        FxTestSupport.relayout(w, 1280, 720);
                        String where = l.id() + "/" + c.policy().id() + " step " + i;
                        ScrollPane step = stepScroll(w);
                        double content = step.getContent().getLayoutBounds().getHeight();
                        double view = step.getViewportBounds().getHeight();
                        if (content > view + 0.5) {
                            problems.add(where + ": the Step tab needs " + Math.round(content) + " px of "
                                    + Math.round(view));
                        }
                        for (Node bar : step.lookupAll(".scroll-bar")) {
                            if (bar.isVisible()) {
                                problems.add(where + ": a scroll bar shows");
                            }
                        }
                        double px = proseSize(step);
                        least[0] = Math.min(least[0], px);
                        if (px < PanelFit.MIN_PX * 1.05 - 0.01) {
                            problems.add(where + ": the words are " + px + " px");
                        }
                        boolean note = w.lookup("#panel-more").isVisible();
                        if (note != w.panelFit().clipped()) {
                            problems.add(where + ": the 'more' note " + (note ? "shows" : "is missing"));
                        }
                        if (w.panelFit().clipped()) {
                            cut[0]++;
                        } else if (w.panelFit().size() >= PanelFit.MAX_PX) {
                            whole[0]++;
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
        System.out.println("presenter panel at 1280x720, " + steps[0] + " steps: " + whole[0] + " at "
                + PanelFit.MAX_PX + " px, " + (steps[0] - whole[0] - cut[0]) + " shrunk, " + cut[0]
                + " cut under the note; least words " + least[0] + " px");
        assertThat(problems).isEmpty();
        assertThat(steps[0]).isGreaterThan(300);
    }

    /** The least font size of the lesson's prose on show in the Step tab. */
    private static double proseSize(ScrollPane step) {
        double least = Double.MAX_VALUE;
        for (String kind : List.of(".step-action", ".narration-text")) {
            for (Node part : step.getContent().lookupAll(kind)) {
                if (part.isVisible() && part instanceof javafx.scene.Parent p) {
                    for (Node n : p.getChildrenUnmodifiable()) {
                        if (n instanceof Text t && !t.getText().isBlank()) {
                            least = Math.min(least, t.getFont().getSize());
                        }
                    }
                }
            }
        }
        return least;
    }

    @Test
    void qOpensTheWholeQuoteWhilePresenting(FxRobot robot) {
        LessonViewModel vm = new LessonViewModel();
        double[] heights = new double[2];
        boolean[] opened = new boolean[2];
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
            opened[0] = w.panelFit().size() == PanelFit.MAX_PX && !w.panelFit().clipped();
            opened[1] = w.lookup("#panel-more").isVisible();
        });
        assertThat(heights[1]).as("the open quote, vs its first line").isGreaterThan(heights[0] * 2.5);
        assertThat(opened[0]).as("Q: the words at full size, whole").isTrue();
        assertThat(opened[1]).as("Q: no 'more' note").isFalse();
    }

    /** The Step tab's scroll pane (the Quiz and Explore tabs hold a copy of the narration too). */
    private static ScrollPane stepScroll(MainWindow w) {
        javafx.scene.control.TabPane side = (javafx.scene.control.TabPane) w.lookup("#side-tabs");
        return side.getTabs().stream()
                .filter(t -> "tab-step".equals(t.getId()))
                .map(t -> (ScrollPane) t.getContent())
                .findFirst()
                .orElseThrow(() -> new AssertionError("no Step tab"));
    }
}
