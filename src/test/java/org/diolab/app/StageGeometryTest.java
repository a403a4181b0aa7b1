package org.diolab.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import javafx.stage.Stage;
import org.diolab.app.lesson.LessonViewModel;
import org.diolab.app.stage.StageChecks;
import org.diolab.app.stage.StageProbe;
import org.diolab.app.stage.StageView;
import org.diolab.engine.Trace;
import org.diolab.engine.model.Ref;
import org.diolab.lesson.Lesson;
import org.diolab.lesson.LessonLibrary;
import org.diolab.lesson.LessonLoader;
import org.diolab.lesson.PolicyChoice;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * For every lesson, policy and step, at 1280×720 and at 1920×1080 in presenter mode: what the step changes is inside
 * the visible part of the stage, no two cards overlap, no arrow crosses a card or a heading, and no label on the stage
 * is cut (see {@link StageChecks}). Both windows follow one view model, so each lesson, policy and step is computed
 * once and checked at both sizes; the stage is laid out once per lesson and policy, each step only updates it.
 */
@ExtendWith(ApplicationExtension.class)
class StageGeometryTest {
    private final LessonLibrary library = LessonLoader.loadBundled();

    /** A window size to check, and whether in presenter mode. */
    private record Size(int width, int height, boolean presenting) {
        @Override
        public String toString() {
            return width + "x" + height + (presenting ? " presenter" : "");
        }
    }

    @Start
    void start(Stage stage) {
        stage.show();
    }

    @Test
    @Timeout(value = 10, unit = TimeUnit.MINUTES) // every step of every lesson, twice: minutes on a busy machine
    void everyStepOfEveryLessonFitsAtProjectorSizeAndAtFullHdInPresenterMode(FxRobot robot) {
        List<Size> sizes = List.of(new Size(1280, 720, false), new Size(1920, 1080, true));
        LessonViewModel vm = new LessonViewModel();
        Map<Size, MainWindow> windows = new HashMap<>();
        robot.interact(() -> sizes.forEach(s -> {
            MainWindow w = FxTestSupport.offscreen(library, vm, s.width(), s.height());
            w.presenter().onProperty().set(s.presenting());
            windows.put(s, w);
        }));
        MainWindow first = windows.get(sizes.getFirst());
        List<String> problems = new ArrayList<>();
        int[] steps = {0};
        for (Lesson l : library.lessons()) {
            for (PolicyChoice c : l.policies()) {
                robot.interact(() -> {
                    first.openLesson(l.id());
                    vm.selectPolicy(c.policy());
                    windows.forEach((s, w) -> FxTestSupport.relayout(w, s.width(), s.height()));
                    Trace t = vm.traceProperty().get();
                    Map<Size, Set<Ref>> before = new HashMap<>();
                    for (int i = 0; i < t.size(); i++) {
                        vm.goTo(i);
                        for (Size s : sizes) {
                            // The window around the stage does not change with the step: lay out the stage alone.
                            StageView stage = windows.get(s).stageView();
                            stage.applyCss();
                            stage.layout();
                            String where = s + " " + l.id() + "/" + c.policy().id() + " step " + i;
                            problems.addAll(StageChecks.step(stage, t.get(i), before.get(s), where));
                            before.put(s, StageProbe.of(stage).shown());
                        }
                        steps[0]++;
                    }
                });
            }
        }
        assertThat(problems).isEmpty();
        assertThat(steps[0]).isGreaterThan(300);
    }
}
