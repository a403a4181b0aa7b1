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
