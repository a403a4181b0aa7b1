package org.diolab.app;

import java.io.IOException;
import java.io.UncheckedIOException;
import javafx.application.Platform;
import javafx.stage.Stage;
import org.diolab.lesson.LessonLibrary;
import org.testfx.util.WaitForAsyncUtils;

/** What every UI test does: open the real window on a library, and write what it shows to a PNG. */
final class FxTestSupport {
    private FxTestSupport() {
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

    /** Writes target/screenshots/{name}.png of the whole window, from the FX thread, and waits for it. */
    static void shoot(MainWindow window, String name) {
        Platform.runLater(() -> {
            try {
                Screenshots.write(window.getScene().getRoot(), name);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        WaitForAsyncUtils.waitForFxEvents();
    }
}
