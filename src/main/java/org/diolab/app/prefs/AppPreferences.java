package org.diolab.app.prefs;

import java.nio.file.Path;
import java.util.function.Function;
import java.util.prefs.Preferences;

/**
 * What DIO Lab remembers between runs, typed: each setting is a {@link Pref} (or a {@link ListPref}) over one
 * {@link Preferences} node. The app uses the user's node; tests use {@link #inMemory()} and never touch it.
 *
 * <pre>{@code
 * AppPreferences prefs = AppPreferences.user();
 * prefs.speed().set(2.0);
 * List<String> order = prefs.lectureOrder().get();   // lesson ids, as a teacher arranged them
 * }</pre>
 */
public final class AppPreferences {
    /** The user's node: {@code ~/.java/.userPrefs/org/diolab/dio-lab} on Linux. */
    public static final String NODE = "/org/diolab/dio-lab";
    /** {@code -Ddio-lab.preferences=memory} starts the app with nothing remembered and nothing saved. */
    public static final String PROPERTY = "dio-lab.preferences";

    private final Preferences node;

    private AppPreferences(Preferences node) {
        this.node = node;
    }

    /** The user's preferences, or memory-only ones when {@value #PROPERTY} is {@code memory}. */
    public static AppPreferences user() {
        return "memory".equals(System.getProperty(PROPERTY))
                ? inMemory()
                : new AppPreferences(Preferences.userRoot().node(NODE));
    }

    /** Fresh, empty, memory-only preferences. */
    public static AppPreferences inMemory() {
        return new AppPreferences(new MemoryPreferences());
    }

    /** Preferences kept under {@code node} (a test's own node, say). */
    public static AppPreferences in(Preferences node) {
        return new AppPreferences(node);
    }

    public Preferences node() {
        return node;
    }

    public Pref<Boolean> darkTheme() {
        return of("theme.dark", false, Boolean::parseBoolean);
    }

    /** The lesson on show when the app closed. */
    public Pref<String> lastLesson() {
        return of("lesson.id", "", Function.identity());
    }

    /** Its policy, by id. */
    public Pref<String> lastPolicy() {
        return of("lesson.policy", "", Function.identity());
    }

    /** The step on show. */
    public Pref<Integer> lastStep() {
        return of("lesson.step", 0, Integer::parseInt);
    }

    /** Where live runs write their files. */
    public Pref<Path> scratchDir() {
        return new Pref<>(node, "live.scratch-dir", null, Path::of, Path::toString);
    }

    /** Playback speed (1 = a step every 0.9 s). */
    public Pref<Double> speed() {
        return of("timeline.speed", 1.0, Double::parseDouble);
    }

    public Pref<WindowBounds> window() {
        return new Pref<>(node, "window.bounds", null, WindowBounds::parse, WindowBounds::format);
    }

    /** Lesson ids in the order a teacher arranged them for a lecture (empty: the library's order). */
    public ListPref lectureOrder() {
        return new ListPref(node, "lecture-order");
    }

    /** Folders and files of the user's own lessons, opened in the library at every start. */
    public ListPref lessonFolders() {
        return new ListPref(node, "lesson-folders");
    }

    private <T> Pref<T> of(String key, T fallback, Function<String, T> parse) {
        return new Pref<>(node, key, fallback, parse, String::valueOf);
    }
}
