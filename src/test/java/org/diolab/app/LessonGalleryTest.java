package org.diolab.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import javafx.scene.control.Label;
import javafx.scene.paint.Paint;
import javafx.stage.Stage;
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
import org.testfx.util.WaitForAsyncUtils;

/**
 * Every lesson under every policy, drawn at the step that matters (its first violation, else its last step), written
 * to target/screenshots/gallery for a person to look at. Also checks each screen shows the invariant state it should,
 * on the stage and in the picture: its banner is drawn red exactly when an invariant breaks.
 */
@ExtendWith(ApplicationExtension.class)
class LessonGalleryTest {
    private final LessonLibrary library = org.diolab.TestLessons.bundled();
    private final LessonViewModel vm = new LessonViewModel();
    private MainWindow window;

    @Start
    void start(Stage stage) {
        window = FxTestSupport.show(stage, library, vm);
        // The app's own default size, whatever an earlier test left the shared stage at (a 1000-px-wide window
        // squeezes the policy note of a lesson with four long policies to one letter a line).
        stage.setWidth(1440);
        stage.setHeight(900);
    }

    @Test
    @Timeout(value = 10, unit = TimeUnit.MINUTES) // some fifty screens, each drawn and written: slow on a busy machine
    void everyLessonAndPolicyDrawsItsDecisiveStep(FxRobot robot) throws Exception {
        for (Lesson l : library.lessons()) {
            for (PolicyChoice c : l.policies()) {
                robot.interact(() -> {
                    window.openLesson(l.id());
                    vm.selectPolicy(c.policy());
                    Trace t = vm.traceProperty().get();
                    int at = t.firstViolationIndex();
                    vm.goTo(at >= 0 ? at : t.size() - 1);
                });
                WaitForAsyncUtils.waitForFxEvents();
                boolean violated = vm.snapshotProperty().get().violations().size() > 0;
                assertThat(window.stageView().getPseudoClassStates().stream()
                                .anyMatch(p -> p.getPseudoClassName().equals("violated")))
                        .as("%s/%s", l.id(), c.policy().id())
                        .isEqualTo(violated);
                String name = l.id() + "." + c.policy().id();
                // The picture says it too: the banner over the stage is drawn red exactly when an invariant breaks.
                String drawn = FxTestSupport.onFx(() -> {
                    Picture picture = Picture.of(window.getScene().getRoot(), "gallery/" + name);
                    Label banner = (Label) window.stageView().lookup("#stage-banner");
                    Paint fill = banner.getBackground().getFills().getFirst().getFill();
                    return picture.share(picture.boundsOf(banner), fill, 0.03) > 0.5
                            ? (Picture.reddish(fill) ? "red" : "not red")
                            : "not drawn in " + fill;
                });
                assertThat(drawn).as("%s banner", name).isEqualTo(violated ? "red" : "not red");
            }
        }
    }
}
