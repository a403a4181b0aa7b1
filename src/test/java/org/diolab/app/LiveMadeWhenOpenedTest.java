package org.diolab.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.diolab.app.FxTestSupport.onFx;

import java.nio.file.Path;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextField;
import javafx.stage.Stage;
import org.diolab.TestLessons;
import org.diolab.app.lesson.LessonViewModel;
import org.diolab.app.live.LiveView;
import org.diolab.app.work.ManualBackgroundWork;
import org.diolab.lesson.Lesson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The Live room (the live experiment, the kernel lab under it and its consent) makes its views only when its tab is
 * first opened; its view models are made with the window and follow the lessons meanwhile. Opened, it shows the lesson
 * on show then and the scratch directory chosen before, as it would have had it followed every change since the start.
 */
@ExtendWith(ApplicationExtension.class)
class LiveMadeWhenOpenedTest {
    private final ManualBackgroundWork work = new ManualBackgroundWork();
    private final LessonViewModel vm = new LessonViewModel();
    private MainWindow window;

    @TempDir
    Path scratch;

    @Start
    void start(Stage stage) {
        Themes.apply(false);
        window = new MainWindow(TestLessons.bundled(), vm, work);
        stage.setScene(DioLabApp.createScene(window));
        stage.show();
        window.openLesson("raid1-mirrors-diverge");
        window.openLesson("ext4-dio-lock-convoy"); // the lesson on show when the tab is opened
    }

    @Test
    void theLiveRoomIsMadeWhenOpenedAndShowsTheLessonOnShowAndTheChosenDirectory(FxRobot robot) {
        assertThat(onFx(() -> tab("tab-live").getContent()))
                .as("the Live tab, never opened")
                .isNull();
        assertThat(onFx(() -> window.liveMade()))
                .as("the Live room's views, at the start")
                .isFalse();
        assertThat(onFx(() -> window.lookup("#live-view"))).isNull();
        onFx(() -> {
            window.liveModel().chooseDirectory(scratch); // as the preferences do at the start
            return null;
        });

        onFx(() -> {
            center().getSelectionModel().select(tab("tab-live"));
            return null;
        });
        WaitForAsyncUtils.waitForFxEvents();

        Node content = onFx(() -> tab("tab-live").getContent());
        assertThat(content).isInstanceOf(ScrollPane.class);
        LiveView live = onFx(() -> window.liveView());
        assertThat(onFx(() -> ((ScrollPane) content).getContent())).isSameAs(live);
        Lesson lesson = onFx(() -> vm.lessonProperty().get());
        assertThat(lesson.id()).isEqualTo("ext4-dio-lock-convoy");
        assertThat(lesson.live()).isNotNull();
        assertThat(onFx(() -> ((Label) live.lookup(".live-description")).getText()))
                .isEqualTo(lesson.live().description());
        assertThat(onFx(() -> ((TextField) live.lookup("#live-dir")).getText())).isEqualTo(scratch.toString());
        List<String> about = onFx(() -> robot.from(live).lookup(".kernel-about").queryAllAs(Label.class).stream()
                .map(Label::getText)
                .toList());
        assertThat(about).as("the kernel lab's words on the lesson on show").isNotEmpty();
        assertThat(onFx(() -> live.getScene())).isSameAs(onFx(() -> window.getScene()));
    }

    private TabPane center() {
        return (TabPane) tab("tab-live").getTabPane();
    }

    private Tab tab(String id) {
        return ((TabPane) window.lookup(".center-tabs"))
                .getTabs().stream()
                        .filter(t -> id.equals(t.getId()))
                        .findFirst()
                        .orElseThrow();
    }
}
