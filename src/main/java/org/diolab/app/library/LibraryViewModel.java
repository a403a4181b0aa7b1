package org.diolab.app.library;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.function.Supplier;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import org.diolab.app.lesson.LessonViewModel;
import org.diolab.app.prefs.ListPref;
import org.diolab.app.work.BackgroundTask;
import org.diolab.app.work.BackgroundWork;
import org.diolab.lesson.BrokenLesson;
import org.diolab.lesson.LearningPath;
import org.diolab.lesson.Lesson;
import org.diolab.lesson.LessonLibrary;
import org.diolab.lesson.LessonLoader;
import org.diolab.lesson.Problem;

/**
 * The lesson library: the bundled lessons and the user's own folders and files, loaded in the background, watched,
 * and reloaded when a file changes. A broken file is listed with its problems ({@code file:line:column}); the lesson on
 * show is refreshed in place when its file is fixed.
 */
public final class LibraryViewModel {
    private final LessonViewModel lessons;
    private final BackgroundWork work;
    private final ListPref remembered;
    private final LessonFolderWatcher watcher;
    private final ReadOnlyObjectWrapper<List<LibraryItem>> items = new ReadOnlyObjectWrapper<>(List.of());
    private final ReadOnlyBooleanWrapper loading = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");
    private final ReadOnlyObjectWrapper<Path> reveal = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<BrokenLesson> brokenOnShow = new ReadOnlyObjectWrapper<>();
    private LessonLibrary bundled = new LessonLibrary(List.of(), List.of());
    private final Map<Path, LessonLibrary> user = new LinkedHashMap<>();
    /** Per user path, the newest load asked for: an older load that ends later is dropped. */
    private final Map<Path, Long> generation = new HashMap<>();

    /** What {@code check} found in the user's lessons that still load, by lesson file (warnings, failed promises). */
    private final Map<String, List<Problem>> checked = new HashMap<>();

    private long loads;
    private LearningPath path = LearningPath.of(List.of());

    /**
     * @param remembered where the user's folders are remembered between runs
     * @param fx         where the watcher's reports are handed over (the FX thread in the app)
     */
    public LibraryViewModel(LessonViewModel lessons, BackgroundWork work, ListPref remembered, Executor fx) {
        this.lessons = lessons;
        this.work = work;
        this.remembered = remembered;
        this.watcher = new LessonFolderWatcher(fx, this::reload);
        // Another lesson opened: the broken file's banner was about the one shown before.
        lessons.lessonProperty().addListener((o, a, l) -> {
            BrokenLesson b = brokenOnShow.get();
            if (b != null && (l == null || !l.file().equals(b.file()))) {
                brokenOnShow.set(null);
            }
        });
    }

    public ReadOnlyObjectProperty<List<LibraryItem>> itemsProperty() {
        return items.getReadOnlyProperty();
    }

    /** True until the bundled lessons are in. */
    public ReadOnlyBooleanProperty loadingProperty() {
        return loading.getReadOnlyProperty();
    }

    /** The last thing the library did or could not do ("Opened ~/lessons: 3 lessons, 1 broken"). */
    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    /** A folder the user just opened, for the library to scroll to once it is listed (not the remembered ones). */
    public ReadOnlyObjectProperty<Path> revealProperty() {
        return reveal.getReadOnlyProperty();
    }

    /**
     * The file of the lesson on show, broken since it was last saved, with its problems: the lesson shown is its last
     * good version. Null while the lesson on show loads as it is on disk.
     */
    public ReadOnlyObjectProperty<BrokenLesson> brokenOnShowProperty() {
        return brokenOnShow.getReadOnlyProperty();
    }

    /** The user's folders and files, in the order they were added. */
    public List<Path> userPaths() {
        return List.copyOf(user.keySet());
    }

    /** Loads the bundled lessons in the background (from {@code source}), then the remembered user folders. */
    public void load(Supplier<LessonLibrary> source, Runnable then) {
        loading.set(true);
        status.set("Loading lessons…");
        work.submit(BackgroundTask.of("load the bundled lessons", ctx -> source.get())
                .onSuccess(lib -> {
                    useBundled(lib);
                    then.run();
                })
                .onFailure(e -> {
                    loading.set(false);
                    status.set("The bundled lessons did not load: " + e.getMessage());
                }));
    }

    /** Uses an already loaded bundled library, then opens the remembered user folders (in the background). */
    public void useBundled(LessonLibrary lib) {
        bundled = lib;
        loading.set(false);
        status.set("");
        refresh();
        for (String p : remembered.get()) {
            Path path = Path.of(p);
            if (Files.exists(path)) {
                add(path, false);
            }
        }
    }

    /**
     * Reads the whole of the bundled lessons in the background and lists them in place of those listed now: a start
     * lists the lesson it opens, read alone, and reads the others once that one is on show. What is selected stays.
     */
    public void growBundled(Supplier<LessonLibrary> whole) {
        String loadingOthers = "Loading the other lessons…";
        status.set(loadingOthers);
        work.submit(BackgroundTask.of("load the other bundled lessons", ctx -> whole.get())
                .onSuccess(lib -> {
                    bundled = lib;
                    if (status.get().equals(loadingOthers)) {
                        status.set(""); // not what a user folder said meanwhile
                    }
                    refresh();
                })
                .onFailure(e -> status.set("The other bundled lessons did not load: " + e.getMessage())));
    }

    /** Opens a folder of lessons, or one lesson file, of the user's: listed, watched, remembered. */
    public void addUserPath(Path path) {
        Path p = path.toAbsolutePath().normalize();
        if (!Files.isDirectory(p) && !isLessonFile(p)) {
            status.set("Not a lessons folder or a .yaml file: " + p);
            return;
        }
        remembered.add(p.toString());
        reveal.set(p);
        add(p, true);
    }

    /** Closes a user folder: no longer listed, watched or remembered. */
    public void removeUserPath(Path path) {
        user.remove(path);
        generation.remove(path);
        watcher.unwatch(path);
        remembered.remove(path.toString());
        refresh();
    }

    /** The lesson with {@code id}: the user's own copy first, else the bundled one. */
    public Optional<Lesson> find(String id) {
        List<LessonLibrary> all = new ArrayList<>(user.values()).reversed();
        all.add(bundled);
        return all.stream().flatMap(l -> l.find(id).stream()).findFirst();
    }

    public void open(Lesson l) {
        lessons.open(l);
    }

    /** Opens the lesson with {@code id} (the user's copy first), if the library lists one. */
    public void openById(String id) {
        find(id).ifPresent(this::open);
    }

    /**
     * What {@code dio-lab check} says of {@code l} although it loads: its warnings (a quiz answer an earlier narration
     * gives away, ...) and the promises it breaks when played. Filled in the background after a user folder loads
     * (playing every policy costs more than loading); empty for the bundled lessons, which the build checks.
     */
    public List<Problem> checkFindings(Lesson l) {
        return checked.getOrDefault(l.file(), List.of());
    }

    /** The learning path through every lesson listed now (prerequisites first, topics kept together). */
    public LearningPath path() {
        return path;
    }

    /** Reloads a user folder or file now (the watcher calls this when its files change). */
    public void reload(Path path) {
        if (user.containsKey(path)) {
            load(path);
        }
    }

    /** The bundled lessons by topic, then the bundled files that are broken. */
    static List<LibraryItem> grouped(LessonLibrary library) {
        Map<String, List<Lesson>> byTopic = new LinkedHashMap<>();
        library.lessons()
                .forEach(l -> byTopic.computeIfAbsent(l.topic(), k -> new ArrayList<>())
                        .add(l));
        List<LibraryItem> out = new ArrayList<>();
        byTopic.forEach((topic, ls) -> {
            out.add(new LibraryItem.Topic(topic));
            ls.forEach(l -> out.add(new LibraryItem.Entry(l)));
        });
        if (!library.broken().isEmpty()) {
            out.add(new LibraryItem.Topic("Broken lesson files"));
            library.broken().forEach(b -> out.add(new LibraryItem.Broken(b)));
        }
        return out;
    }

    static boolean isLessonFile(Path p) {
        String n = p.getFileName() == null ? "" : p.getFileName().toString();
        return Files.isRegularFile(p) && (n.endsWith(".yaml") || n.endsWith(".yml"));
    }

    private void add(Path p, boolean announce) {
        if (!user.containsKey(p)) {
            user.put(p, new LessonLibrary(List.of(), List.of()));
            try {
                watcher.watch(p);
            } catch (IOException e) {
                status.set("Cannot watch " + p + " for changes: " + e.getMessage());
            }
        }
        if (announce) {
            status.set("Opening " + p + "…"); // before the load: it may end at once, and says what it found
        }
        load(p);
    }

    private void load(Path p) {
        long mine = ++loads;
        generation.put(p, mine);
        work.submit(BackgroundTask.of("load lessons from " + p, ctx -> LessonLoader.loadPaths(List.of(p)))
                .onSuccess(lib -> loaded(p, mine, lib))
                .onFailure(e -> {
                    if (generation.getOrDefault(p, -1L) == mine) {
                        status.set("Cannot read " + p + ": " + e.getMessage());
                    }
                }));
    }

    private void loaded(Path p, long mine, LessonLibrary lib) {
        if (generation.getOrDefault(p, -1L) != mine) {
            return; // closed, or a newer load of it is on its way
        }
        user.put(p, lib);
        lib.lessons().forEach(l -> checked.remove(l.file()));
        status.set(p.getFileName() + ": " + folderSummary(p, lib));
        // Where the learner is, taken before the list is rebuilt: whatever re-selects the new entry must not move it.
        Lesson shown = lessons.lessonProperty().get();
        String policyId = lessons.policyProperty().get() == null
                ? null
                : lessons.policyProperty().get().id();
        int step = lessons.indexProperty().get();
        refresh();
        if (shown != null) {
            Optional<BrokenLesson> nowBroken = lib.broken().stream()
                    .filter(b -> b.file().equals(shown.file()))
                    .findFirst();
            if (nowBroken.isPresent()) {
                brokenOnShow.set(nowBroken.get());
            } else if (lib.lessons().stream().anyMatch(l -> l.file().equals(shown.file()))) {
                brokenOnShow.set(null); // fixed: the lesson below is reopened as it is now
            }
            lib.find(shown.id())
                    .filter(l -> l.file().equals(shown.file()))
                    .ifPresent(l -> lessons.open(
                            l,
                            l.policies().stream()
                                    .map(c -> c.policy())
                                    .filter(pol -> pol.id().equals(policyId))
                                    .findFirst()
                                    .orElse(l.defaultPolicy()),
                            step));
        }
        if (!lib.lessons().isEmpty()) {
            check(p, mine, lib);
        }
    }

    /** Plays the lessons of {@code p} as {@code check} does, off the FX thread, and lists what it says on their rows. */
    private void check(Path p, long mine, LessonLibrary loaded) {
        work.submit(BackgroundTask.of("check the lessons in " + p, ctx -> LessonLoader.checkPaths(List.of(p)))
                .onSuccess(c -> {
                    if (generation.getOrDefault(p, -1L) != mine) {
                        return; // a newer load (and check) of it is on its way
                    }
                    Map<String, List<Problem>> found = new HashMap<>();
                    c.warnings()
                            .forEach(w -> found.computeIfAbsent(w.file(), k -> new ArrayList<>())
                                    .add(w));
                    // Loading passed but playing breaks a promise: worth the row's warning, the lesson still opens.
                    c.broken()
                            .forEach(b -> found.computeIfAbsent(b.file(), k -> new ArrayList<>())
                                    .addAll(b.problems()));
                    loaded.lessons().forEach(l -> {
                        List<Problem> ps = found.get(l.file());
                        if (ps != null && !ps.isEmpty()) {
                            checked.put(l.file(), List.copyOf(ps));
                        }
                    });
                    refresh();
                }));
    }

    /**
     * "2 lesson(s), 1 broken"; for a folder that gave none, why and what to do: no {@code *.yaml} in it, or every
     * one broken.
     */
    static String folderSummary(Path p, LessonLibrary lib) {
        if (!lib.lessons().isEmpty()) {
            return lib.lessons().size() + " lesson(s)"
                    + (lib.broken().isEmpty() ? "" : ", " + lib.broken().size() + " broken");
        }
        if (!lib.broken().isEmpty()) {
            return "no lesson opened: all " + lib.broken().size() + " lesson file(s) are broken; fix the problems "
                    + "listed below (file:line:column) and save, the folder is watched";
        }
        return Files.isDirectory(p)
                ? "no lessons here: the folder has no *.yaml lesson files. Open a folder that holds them (as the "
                        + "bundled lessons/ does, with its sources/), or save one here: the folder is watched"
                : "no lesson in this file";
    }

    private void refresh() {
        List<LibraryItem> out = grouped(bundled);
        user.forEach((path, lib) -> {
            out.add(new LibraryItem.Folder(
                    path, lib.lessons().size(), lib.broken().size()));
            lib.lessons().forEach(l -> out.add(new LibraryItem.Entry(l)));
            lib.broken().forEach(b -> out.add(new LibraryItem.Broken(b)));
        });
        path = LearningPath.of(out.stream()
                .flatMap(i -> i instanceof LibraryItem.Entry e
                        ? java.util.stream.Stream.of(e.lesson())
                        : java.util.stream.Stream.empty())
                .toList());
        items.set(List.copyOf(out));
    }
}
