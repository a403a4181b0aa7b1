package org.diolab.app;

import javafx.application.Application;
import javafx.scene.Scene;
import javafx.stage.Stage;
import org.diolab.lesson.LessonLibrary;
import org.diolab.lesson.LessonLoader;

/** The JavaFX application. Started through {@link org.diolab.Main} from the jar, or {@code mvn javafx:run}. */
public final class DioLabApp extends Application {
    public static final String STYLESHEET = "/org/diolab/app/dio-lab.css";
    static final String FIRST_LESSON = "raid1-mirrors-diverge";

    public static void launchApp(String... args) {
        Application.launch(DioLabApp.class, args);
    }

    @Override
    public void start(Stage stage) {
        Themes.apply(false);
        LessonLibrary library = LessonLoader.loadBundled();
        MainWindow window = new MainWindow(library, new LessonViewModel());
        Scene scene = createScene(window);
        stage.setTitle("DIO Lab — Linux direct I/O, step by step");
        stage.setScene(scene);
        stage.show();
        // Open on the flagship lesson (the first one a newcomer should see), else on the first there is.
        library.find(FIRST_LESSON).or(() -> library.lessons().stream().findFirst())
                .ifPresent(l -> window.openLesson(l.id()));
    }

    /** The scene around a window, with our stylesheet and keys: the app and the UI tests build it the same way. */
    public static Scene createScene(MainWindow window) {
        Scene scene = new Scene(window, 1440, 900);
        scene.getStylesheets().add(DioLabApp.class.getResource(STYLESHEET).toExternalForm());
        window.installKeys(scene);
        return scene;
    }
}
