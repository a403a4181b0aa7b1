package org.diolab.app;

import javafx.application.Application;
import javafx.scene.Scene;
import javafx.stage.Stage;
import org.diolab.lesson.LessonLibrary;

/** The JavaFX application. Started through {@link org.diolab.Main} from the jar, or {@code mvn javafx:run}. */
public final class DioLabApp extends Application {
    public static final String STYLESHEET = "/org/diolab/app/dio-lab.css";
    static final String FIRST_LESSON = StartOptions.FIRST_LESSON;

    public static void launchApp(String... args) {
        Application.launch(DioLabApp.class, args);
    }

    @Override
    public void start(Stage stage) {
        Themes.apply(false);
        StartOptions options = StartOptions.of(getParameters().getNamed());
        LessonLibrary library = options.library();
        MainWindow window = new MainWindow(library, new LessonViewModel());
        Scene scene = createScene(window);
        stage.setTitle("DIO Lab — Linux direct I/O, step by step");
        stage.setScene(scene);
        stage.show();
        options.open(window, library);
    }

    /** The scene around a window, with our stylesheet and keys: the app and the UI tests build it the same way. */
    public static Scene createScene(MainWindow window) {
        return createScene(window, 1440, 900);
    }

    /** The same, at a given size (tests and screenshots draw the window at projector and full-HD sizes). */
    public static Scene createScene(MainWindow window, double width, double height) {
        Scene scene = new Scene(window, width, height);
        scene.getStylesheets().add(DioLabApp.class.getResource(STYLESHEET).toExternalForm());
        window.installKeys(scene);
        return scene;
    }
}
