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
 * <p>The start is staged so the window comes first: it opens on a light placeholder, while the lesson to open is read
 * on a thread of its own from the launch (that one alone, see {@link StartLessons}); after the placeholder's frame
 * the real window is built off the FX thread, and when both are ready the lesson is opened in it and it takes the
 * placeholder's place (the last lesson on show is reopened); once it is drawn the other lessons are read and listed.
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

    /** The first lesson's read, begun by {@link #launchApp} before the toolkit starts; null when started otherwise. */
    private static volatile EarlyRead early;

    private record EarlyRead(StartOptions options, String last, CompletableFuture<StartLessons> read) {}

    /**
     * The bundled glossary, parsed on the lessons' thread once the lesson is read: the window's narration needs it,
     * and parsed on the window's thread it was a third of the window's build (profiled), while the second core was
     * idle between the read and the placeholder's frame. Completes either way (a failure is the window's to report).
     */
    private static volatile CompletableFuture<Void> glossary = CompletableFuture.completedFuture(null);

    /**
     * Starts the app, and reads the lesson it opens meanwhile: parsing needs no toolkit, and while the toolkit starts
     * and the placeholder goes out (one thread's work, ~1 s) a second core is free on a quiet machine. The read once
     * waited for the placeholder's frame, and the window for the read.
     */
    public static void launchApp(String... args) {
        StartupTrace.mark("main");
        try {
            StartOptions options = StartOptions.of(named(args));
            String last = AppPreferences.user().lastLesson().get();
            early = new EarlyRead(options, last, readLessons(options, last));
        } catch (RuntimeException e) {
            early = null; // start() reads as usual and says what is wrong
        }
        Application.launch(DioLabApp.class, args);
    }

    /** The named parameters JavaFX makes of {@code args} ({@code --name=value}), for the read begun before it. */
    static java.util.Map<String, String> named(String... args) {
        java.util.Map<String, String> named = new java.util.HashMap<>();
        for (String a : args) {
            int eq = a.indexOf('=');
            if (a.startsWith("--") && eq > 2) {
                named.put(a.substring(2, eq), a.substring(eq + 1));
            }
        }
        return named;
    }

    /** Reads the lesson to open (or all of them) on a thread of its own. */
    private static CompletableFuture<StartLessons> readLessons(StartOptions options, String last) {
        CompletableFuture<StartLessons> f = new CompletableFuture<>();
        CompletableFuture<Void> g = new CompletableFuture<>();
        glossary = g;
        Thread.ofPlatform().daemon().name("dio-lab-lessons").start(() -> {
            try {
                StartLessons read = StartLessons.read(options, last);
                StartupTrace.mark("lesson-read");
                f.complete(read);
            } catch (RuntimeException e) {
                f.completeExceptionally(e);
            }
            try {
                org.diolab.lesson.glossary.Glossary.bundled();
                StartupTrace.mark("glossary-read");
            } catch (RuntimeException e) {
                // the window reads it again, and says what is wrong
            } finally {
                g.complete(null);
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
        boolean dark = prefs.darkTheme().get();
        Themes.apply(dark);
        StartupPlaceholder placeholder = new StartupPlaceholder();
        Scene scene = new Scene(placeholder);
        // The window's own background until its first frame is drawn (the toolkit hands the fill to the window
        // system): the theme's, not white under a dark theme.
        scene.setFill(StartupPlaceholder.background(dark));
        scene.getStylesheets().add(DioLabApp.class.getResource(STYLESHEET).toExternalForm());
        stage.setTitle("DIO Lab — Linux direct I/O, step by step");
        stage.setScene(scene);
        place(stage, prefs.window().stored().orElse(null));
        stage.setOnHiding(e -> prefs.window()
                .set(new WindowBounds(
                        stage.getX(), stage.getY(), stage.getWidth(), stage.getHeight(), stage.isMaximized())));
        // Build the real window once the placeholder went out in a frame of its own, and off the FX thread: none of
        // it is in a scene yet, and with the software pipeline a frame reaches the screen only between the FX
        // thread's tasks; built there, the window was one task of seconds under load, with the window black.
        afterNextFrame(scene, () -> {
            StartupTrace.mark("first-pulse");
            EarlyRead begun = early;
            early = null;
            String last = prefs.lastLesson().get();
            CompletableFuture<StartLessons> read = begun != null
                            && begun.options().equals(options)
                            && begun.last().equals(last)
                    ? begun.read()
                    : readLessons(options, last);
            Thread.ofPlatform().daemon().name("dio-lab-window").start(() -> {
                try {
                    Built built = construct();
                    StartupTrace.mark("window-made");
                    Platform.runLater(() -> build(scene, built, read));
                } catch (RuntimeException | Error e) {
                    Platform.runLater(() -> {
                        throw e; // reported on the FX thread, as when the window was built there
                    });
                }
            });
        });
        stage.show();
        StartupTrace.mark("window-shown");
    }

    /** The real window and what drives it, made but in no scene yet. */
    private record Built(MainWindow window, LessonViewModel vm, LibraryViewModel library) {}

    private Built construct() {
        glossary.join();
        LessonViewModel vm = new LessonViewModel();
        AppServices services = AppServices.app(prefs);
        LibraryViewModel library = new LibraryViewModel(vm, services.work(), prefs.lessonFolders(), services.fx());
        MainWindow window = new MainWindow(library, vm, services);
        window.usePreferences(prefs);
        return new Built(window, vm, library);
    }

    /**
     * Opens the first lesson in the real window once it is read, and puts the window in the scene in that same FX turn,
     * in place of the placeholder: the next pulse styles and lays out the window with its lesson in one pass, and the
     * next frame shows the lesson, never an empty window. (In the scene before the lesson was in, the window was styled
     * and laid out twice, and the placeholder had to cover it; moved from the scene's root to over the window, the
     * placeholder lost the theme's root variables and AtlantaFX's {@code .button} rule failed to convert its colours.)
     * If the lessons fail to load, the window comes in with the library saying why. FX thread.
     */
    private void build(Scene scene, Built built, CompletableFuture<StartLessons> read) {
        MainWindow window = built.window();
        LessonViewModel vm = built.vm();
        LibraryViewModel library = built.library();
        library.load(() -> read.join().library(), () -> {
            StartupTrace.mark(read.join().whole() ? "lessons-loaded" : "first-lesson-loaded");
            attach(scene, window);
            LessonLibrary lessons = read.join().library();
            // dio-lab present (a lesson, or a lecture order) comes first; else the last lesson on show, or the first.
            if (!options.open(window, lessons) && !PreferencesBinder.reopen(prefs, window::openLesson, vm)) {
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
            StartupTrace.mark("lesson-opened");
            afterNextFrame(scene, () -> {
                StartupTrace.finish("lesson-shown");
                if (Boolean.getBoolean(QUIT_WHEN_SHOWN)) {
                    Platform.exit();
                } else if (!read.join().whole()) {
                    library.growBundled(read.join()::all);
                }
            });
        });
        library.loadingProperty().addListener((o, was, loading) -> {
            if (!loading) {
                attach(scene, window); // the lessons did not load: the window, with the library saying why
            }
        });
    }

    /** The real window as the scene's root, with its keys (once). */
    private static void attach(Scene scene, MainWindow window) {
        if (scene.getRoot() != window) {
            scene.setRoot(window);
            window.installKeys(scene);
            StartupTrace.mark("window-built");
        }
    }

    /**
     * Runs {@code r} on the FX thread once the frame of the next pulse is on screen. With the software pipeline (what
     * Prism falls back to without a suitable GPU, as under Xvfb) the toolkit hands a frame's pixels to the window in a
     * task on the FX thread, queued after the pulse that laid it out; work started straight after that pulse held the
     * frame back, and the window stayed unmapped (black) for the seconds the real window took to build. The pulse
     * after next waits for the renderer, by which time the upload has gone first.
     */
    static void afterNextFrame(Scene scene, Runnable r) {
        afterNextPulse(scene, () -> afterNextPulse(scene, r));
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
        Platform.requestNextPulse(); // a pulse comes even when nothing else asks for one
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
