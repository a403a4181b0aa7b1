package org.diolab.app;

import java.util.concurrent.CompletableFuture;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.geometry.Rectangle2D;
import javafx.scene.Scene;
import javafx.stage.Screen;
import javafx.stage.Stage;
import org.diolab.app.lesson.LessonViewModel;
import org.diolab.app.library.LibraryItem;
import org.diolab.app.library.LibraryViewModel;
import org.diolab.app.prefs.AppPreferences;
import org.diolab.app.prefs.WindowBounds;
import org.diolab.lesson.LessonLibrary;

/**
 * The JavaFX application. Started through {@link org.diolab.Main} from the jar, or {@code mvn javafx:run}.
 *
 * <p>The start is staged so the window comes first: it opens on a light placeholder; after that first frame the
 * bundled lessons start loading on a thread of their own while the real window is built, and they drop in when they
 * are ready (the last lesson on show is reopened).
 */
public final class DioLabApp extends Application {
    public static final String STYLESHEET = "/org/diolab/app/dio-lab.css";
    static final String FIRST_LESSON = StartOptions.FIRST_LESSON;
    static final double WIDTH = 1440;
    static final double HEIGHT = 900;
    /** {@code -Ddio-lab.quit-when-shown=true}: exit once the first lesson is on show (the AOT training run). */
    public static final String QUIT_WHEN_SHOWN = "dio-lab.quit-when-shown";

    private AppPreferences prefs;
    private StartOptions options;

    public static void launchApp(String... args) {
        StartupTrace.mark("main");
        Application.launch(DioLabApp.class, args);
    }

    /**
     * Starts reading the bundled lessons on a thread of their own, once the placeholder is on screen: started before
     * the window, the read competed with the toolkit for the CPU and the first frame came later (bench/startup.sh:
     * CPU by the time the window was mapped 3.3 s → 1.8 s, the first lesson on show no later).
     */
    private static CompletableFuture<LessonLibrary> loadLessons(StartOptions options) {
        CompletableFuture<LessonLibrary> f = new CompletableFuture<>();
        Thread.ofPlatform().daemon().name("dio-lab-lessons").start(() -> {
            try {
                f.complete(options.library());
            } catch (RuntimeException e) {
                f.completeExceptionally(e);
            }
        });
        return f;
    }

    @Override
    public void start(Stage stage) {
        StartupTrace.mark("fx-start");
        options = StartOptions.of(
                getParameters() == null ? java.util.Map.of() : getParameters().getNamed());
        prefs = AppPreferences.user();
        Themes.apply(prefs.darkTheme().get());
        Scene scene = new Scene(new StartupPlaceholder());
        scene.getStylesheets().add(DioLabApp.class.getResource(STYLESHEET).toExternalForm());
        stage.setTitle("DIO Lab — Linux direct I/O, step by step");
        stage.setScene(scene);
        place(stage, prefs.window().stored().orElse(null));
        stage.setOnHiding(e -> prefs.window()
                .set(new WindowBounds(
                        stage.getX(), stage.getY(), stage.getWidth(), stage.getHeight(), stage.isMaximized())));
        // Build the real window only once the placeholder went out in a frame of its own.
        afterNextPulse(scene, () -> {
            StartupTrace.mark("first-pulse");
            build(scene, loadLessons(options));
        });
        stage.show();
        StartupTrace.mark("window-shown");
    }

    private void build(Scene scene, CompletableFuture<LessonLibrary> lessons) {
        LessonViewModel vm = new LessonViewModel();
        AppServices services = AppServices.app(prefs);
        LibraryViewModel library = new LibraryViewModel(vm, services.work(), prefs.lessonFolders(), services.fx());
        MainWindow window = new MainWindow(library, vm, services);
        window.usePreferences(prefs);
        scene.setRoot(window);
        window.installKeys(scene);
        StartupTrace.mark("window-built");
        library.load(lessons::join, () -> {
            StartupTrace.mark("lessons-loaded");
            // dio-lab present (a lesson, or a lecture order) comes first; else the last lesson on show, or the first.
            if (!options.open(window, lessons.join()) && !PreferencesBinder.reopen(prefs, window::openLesson, vm)) {
                window.openLesson(
                        library.find(FIRST_LESSON).isPresent()
                                ? FIRST_LESSON
                                : library.itemsProperty().get().stream()
                                        .filter(i -> i instanceof LibraryItem.Entry)
                                        .map(i ->
                                                ((LibraryItem.Entry) i).lesson().id())
                                        .findFirst()
                                        .orElse(""));
            }
            afterNextPulse(scene, () -> {
                StartupTrace.finish("lesson-shown");
                if (Boolean.getBoolean(QUIT_WHEN_SHOWN)) {
                    Platform.exit();
                }
            });
        });
    }

    /** Runs {@code r} on the FX thread after the next pulse has laid the scene out (and handed it to the renderer). */
    static void afterNextPulse(Scene scene, Runnable r) {
        Runnable[] once = new Runnable[1];
        boolean[] fired = {false};
        once[0] = () -> {
            if (!fired[0]) {
                fired[0] = true;
                Platform.runLater(() -> scene.removePostLayoutPulseListener(once[0])); // not while the scene iterates
                Platform.runLater(r);
            }
        };
        scene.addPostLayoutPulseListener(once[0]);
    }

    /** Where the window was last time if that is still on a screen, else a default size that fits the screen. */
    static void place(Stage stage, WindowBounds last) {
        Rectangle2D screen = Screen.getPrimary().getVisualBounds();
        if (last != null
                && !Screen.getScreensForRectangle(last.x(), last.y(), last.width(), last.height())
                        .isEmpty()) {
            stage.setX(last.x());
            stage.setY(last.y());
            stage.setWidth(last.width());
            stage.setHeight(last.height());
            stage.setMaximized(last.maximized());
        } else {
            stage.setWidth(Math.min(WIDTH, screen.getWidth()));
            stage.setHeight(Math.min(HEIGHT, screen.getHeight()));
            stage.centerOnScreen();
        }
    }

    /** The scene around a window, with our stylesheet and keys: the app and the UI tests build it the same way. */
    public static Scene createScene(MainWindow window) {
        return createScene(window, WIDTH, HEIGHT);
    }

    /** The same, at a given size (tests and screenshots draw the window at projector and full-HD sizes). */
    public static Scene createScene(MainWindow window, double width, double height) {
        Scene scene = new Scene(window, width, height);
        scene.getStylesheets().add(DioLabApp.class.getResource(STYLESHEET).toExternalForm());
        window.installKeys(scene);
        return scene;
    }
}
