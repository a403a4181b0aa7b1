package org.diolab.app;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.diolab.TestLessons;
import org.diolab.lesson.LessonLibrary;
import org.testfx.api.FxRobot;
import org.testfx.robot.Motion;
import org.testfx.util.WaitForAsyncUtils;

/**
 * What every UI test does: open the real window on a library, click, wait, read, and write what it shows to a PNG.
 *
 * <p>Lookups and reads go through the FX thread, or happen once it is idle: the scene graph is not thread-safe, and a
 * test thread that polls it while the FX thread adds a subtree can find a button whose scene is not set yet (the
 * "scene is null" failure of a click seen under load).
 */
final class FxTestSupport {
    private FxTestSupport() {
    }

    /** The app's window on the bundled lessons, as the app builds it (theme, stylesheet, keys), on {@code stage}. */
    static MainWindow show(Stage stage, LessonViewModel vm) {
        return show(stage, TestLessons.bundled(), vm);
    }

    /** The app's window as the app builds it (theme, stylesheet, keys), shown on {@code stage}. */
    static MainWindow show(Stage stage, LessonLibrary library, LessonViewModel vm) {
        Themes.apply(false);
        MainWindow window = new MainWindow(library, vm);
        stage.setScene(DioLabApp.createScene(window));
        stage.show();
        return window;
    }

    /**
     * The app's window in a scene of exactly {@code width} × {@code height} that no stage shows. JavaFX's Headless
     * platform has a 1000×1000 screen, so a window at projector or full-HD size is drawn offscreen instead. FX thread.
     */
    static MainWindow offscreen(LessonLibrary library, LessonViewModel vm, int width, int height) {
        Themes.apply(false);
        MainWindow window = new MainWindow(library, vm);
        DioLabApp.createScene(window, width, height);
        relayout(window, width, height);
        return window;
    }

    /** Lays a window out at its scene's size now (an offscreen scene gets no pulses). FX thread. */
    static void relayout(MainWindow window, double width, double height) {
        window.applyCss();
        window.resize(width, height);
        window.layout();
        window.applyCss();
        window.layout();
    }

    /** Clicks {@code query} without the robot's stepwise mouse travel, and waits until the FX thread is idle. */
    static void click(FxRobot robot, String query) {
        WaitForAsyncUtils.waitForFxEvents();
        robot.clickOn(query, Motion.DIRECT);
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** Waits until {@code condition}, evaluated on the FX thread, holds; then until the FX thread is idle. */
    static void waitUntil(long seconds, Callable<Boolean> condition) throws TimeoutException {
        WaitForAsyncUtils.waitFor(seconds, TimeUnit.SECONDS, () -> onFx(condition));
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** The text of the label {@code query}, read on the FX thread. */
    static String text(FxRobot robot, String query) {
        return onFx(() -> robot.lookup(query).queryAs(Label.class).getText());
    }

    /** Runs {@code c} on the FX thread and returns what it returned. */
    static <T> T onFx(Callable<T> c) {
        try {
            return WaitForAsyncUtils.asyncFx(c).get(60, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        } catch (InterruptedException | TimeoutException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Writes target/screenshots/{name}.png of the whole window, from the FX thread, and waits for it. */
    static void shoot(MainWindow window, String name) {
        onFx(() -> {
            try {
                return Screenshots.write(window.getScene().getRoot(), name);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }
}
