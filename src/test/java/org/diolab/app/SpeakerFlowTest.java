package org.diolab.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicLong;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.diolab.TestLessons;
import org.diolab.app.lesson.LessonViewModel;
import org.diolab.app.presenter.LectureOrder;
import org.diolab.app.presenter.SpeakerWindow;
import org.diolab.engine.Trace;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * A talk of two lessons walked with the clicker's keys: the speaker window (S) shows the step on show, the next one,
 * the notes and a running timer, and follows the lecture across the lesson boundary — forward from the last step of
 * the first lesson into the second, and back. The clicker's keys work while the speaker window has the focus (the
 * window that opens last takes it).
 */
@ExtendWith(ApplicationExtension.class)
class SpeakerFlowTest {
    private final LessonViewModel vm = new LessonViewModel();
    private final AtomicLong nanos = new AtomicLong(5_000_000_000L);
    private MainWindow window;

    @Start
    void start(Stage stage) {
        window = FxTestSupport.showAtScreenSize(stage, vm); // presenter mode goes full screen
        window.speakerClock(nanos::get);
    }

    @Test
    void theClickerWalksALectureOfTwoLessonsAndTheSpeakerWindowFollows(FxRobot robot) throws Exception {
        LectureOrder order = LectureOrder.parse(
                "raid1-mirrors-diverge zero-copy\nexclusive-pin-deadlock exclusive-pin\n", TestLessons.bundled());
        robot.interact(() -> {
            window.startLecture(order);
            window.stageView().requestFocus();
        });
        robot.type(KeyCode.S);
        FxTestSupport.waitUntil(
                () -> window.speakerWindow().map(SpeakerWindow::showing).orElse(false));
        // The clicker talks to whichever window has the focus: give it to the speaker's, as opening it may.
        robot.interact(() -> speaker().scene().getWindow().requestFocus());
        Trace raid1 = FxTestSupport.onFx(() -> vm.traceProperty().get());
        int last = raid1.size() - 1;

        assertThat(text("speaker-where"))
                .isEqualTo("Lecture 1 / 2 · raid1-mirrors-diverge · zero-copy · step 0 / " + last);
        assertThat(text("speaker-now")).isEqualTo(raid1.get(0).event().action());
        assertThat(text("speaker-next")).startsWith(raid1.get(1).event().action());
        assertThat(text("speaker-notes")).contains("✓ mirrors-agree holds");

        robot.type(KeyCode.PAGE_DOWN);
        FxTestSupport.waitUntil(() -> vm.indexProperty().get() == 1);
        assertThat(text("speaker-now")).isEqualTo(raid1.get(1).event().action());
        assertThat(text("speaker-next")).startsWith(raid1.get(2).event().action());

        robot.type(KeyCode.END);
        FxTestSupport.waitUntil(() -> vm.indexProperty().get() == last);
        assertThat(text("speaker-next"))
                .isEqualTo("End of this lesson: the clicker opens the next one of the lecture.");
        assertThat(text("speaker-notes")).contains("✗ mirrors-agree: ");

        robot.type(KeyCode.PAGE_DOWN);
        FxTestSupport.waitUntil(
                () -> "exclusive-pin-deadlock".equals(vm.lessonProperty().get().id())
                        && vm.indexProperty().get() == 0);
        Trace deadlock = FxTestSupport.onFx(() -> vm.traceProperty().get());
        assertThat(text("speaker-where"))
                .isEqualTo(
                        "Lecture 2 / 2 · exclusive-pin-deadlock · exclusive-pin · step 0 / " + (deadlock.size() - 1));
        assertThat(text("speaker-now")).isEqualTo(deadlock.get(0).event().action());

        robot.type(KeyCode.PAGE_UP);
        FxTestSupport.waitUntil(
                () -> "raid1-mirrors-diverge".equals(vm.lessonProperty().get().id())
                        && vm.indexProperty().get() == last);
        assertThat(text("speaker-where")).startsWith("Lecture 1 / 2 · ").endsWith("step " + last + " / " + last);

        assertThat(text("speaker-timer")).isEqualTo("00:00");
        nanos.addAndGet(65_000_000_000L);
        FxTestSupport.waitUntil(() -> "01:05".equals(label("speaker-timer").getText()));
    }

    private SpeakerWindow speaker() {
        return window.speakerWindow().orElseThrow();
    }

    private Label label(String styleClass) {
        return (Label) speaker().scene().getRoot().lookup("." + styleClass);
    }

    private String text(String styleClass) {
        return FxTestSupport.onFx(() -> label(styleClass).getText());
    }
}
