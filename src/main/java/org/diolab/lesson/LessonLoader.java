package org.diolab.lesson;

import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.FileSystem;
import java.nio.file.FileSystemAlreadyExistsException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.diolab.io.BoundedText;
import org.diolab.io.UnreadableText;
import org.diolab.lesson.yaml.Node;
import org.diolab.lesson.yaml.YamlSyntaxError;
import org.diolab.lesson.yaml.YamlTreeReader;

/**
 * Loads lessons: every {@code *.yaml} in a lessons directory, with the source threads from its {@code sources/}. A
 * broken file becomes a {@link BrokenLesson} with all its problems; it never stops the others from loading.
 *
 * <p>Loading parses and validates without playing anything, so it is fast. The {@code check*} methods also play
 * each lesson under each policy ({@link LessonCheck}) and report broken promises as problems of that file; {@link
 * StreamingCheck} does the same one file at a time, for folders too big to hold.
 */
public final class LessonLoader {
    /** Where the lessons live on the class path (the jar and target/classes carry a copy of {@code lessons/}). */
    public static final String BUNDLED = "lessons";

    private LessonLoader() {}

    /** The lessons shipped with DIO Lab. */
    public static LessonLibrary loadBundled() {
        return bundled(false);
    }

    /** The lessons shipped with DIO Lab, each also played and checked ({@code dio-lab check}). */
    public static LessonLibrary checkBundled() {
        return bundled(true);
    }

    private static LessonLibrary bundled(boolean check) {
        try {
            return load(bundledRoot(), check);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read the bundled lessons: " + e.getMessage(), e);
        }
    }

    /** Every lesson in {@code dir}, sorted by file name. */
    public static LessonLibrary load(Path dir) throws IOException {
        return load(dir, false);
    }

    private static LessonLibrary load(Path dir, boolean check) throws IOException {
        return files(dir, check).library(check);
    }

    private static Batch files(Path dir, boolean check) throws IOException {
        SourceTexts sources = SourceTexts.load(dir.resolve("sources"));
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(LessonLoader::isLessonFile).sorted().toList();
        }
        return loadFiles(files, sources, check, new Batch());
    }

    /**
     * Lesson files and folders as a user names them: a folder means its {@code *.yaml}; quotes are checked against
     * the {@code sources/} folder beside each file.
     */
    public static LessonLibrary loadPaths(List<Path> paths) {
        return paths(paths, false);
    }

    /** Like {@link #loadPaths}, each lesson also played and checked. */
    public static LessonLibrary checkPaths(List<Path> paths) {
        return paths(paths, true);
    }

    private static LessonLibrary paths(List<Path> paths, boolean check) {
        Batch batch = new Batch();
        for (Path p : paths) {
            try {
                if (Files.isDirectory(p)) {
                    Batch one = files(p, check);
                    batch.entries.addAll(one.entries);
                } else {
                    Path dir = p.toAbsolutePath().getParent();
                    loadFiles(List.of(p), SourceTexts.load(dir.resolve("sources")), check, batch);
                }
            } catch (IOException e) {
                // One unreadable folder is one broken entry; the other paths still load.
                batch.entries.add(new Entry(
                        p.toString(),
                        null,
                        new ArrayList<>(List.of(new Problem(
                                p.toString(),
                                1,
                                1,
                                "cannot read the folder (" + e.getMessage() + ")",
                                "check that it exists and is readable")))));
            }
        }
        return batch.library(check);
    }

    /** The given files, quotes checked against {@code sources}. */
    public static LessonLibrary loadFiles(List<Path> files, SourceTexts sources) {
        return loadFiles(files, sources, false, new Batch()).library(false);
    }

    private static Batch loadFiles(List<Path> files, SourceTexts sources, boolean check, Batch batch) {
        for (Path f : files) {
            String name = displayName(f);
            Problems problems = new Problems(name);
            Lesson lesson = loadOne(f, problems, sources);
            if (lesson != null
                    && batch.entries.stream()
                            .anyMatch(e -> e.lesson != null && e.lesson.id().equals(lesson.id()))) {
                problems.at(1, 1, "lesson id '" + lesson.id() + "' is already used by another file", "ids are unique");
            }
            List<Problem> found = new ArrayList<>(problems.all());
            if (check && lesson != null && found.isEmpty()) {
                found.addAll(new LessonCheck(sources).check(lesson));
            }
            batch.entries.add(new Entry(name, problems.any() ? null : lesson, found));
        }
        return batch;
    }

    /** One file as loaded: its lesson if it parsed, and what is wrong with it (errors and warnings). */
    private record Entry(String name, Lesson lesson, List<Problem> found) {}

    /** The files loaded together, so that {@code check} can judge what lessons say about each other. */
    private static final class Batch {
        final List<Entry> entries = new ArrayList<>();

        LessonLibrary library(boolean check) {
            if (check) {
                List<Lesson> parsed = entries.stream()
                        .filter(e -> e.lesson != null)
                        .map(Entry::lesson)
                        .toList();
                Map<String, List<Problem>> more = PrerequisiteCheck.check(
                        parsed, () -> Set.copyOf(loadBundled().ids()));
                for (Entry e : entries) {
                    e.found.addAll(more.getOrDefault(e.name, List.of()));
                }
            }
            List<Lesson> lessons = new ArrayList<>();
            List<BrokenLesson> broken = new ArrayList<>();
            List<Problem> warnings = new ArrayList<>();
            for (Entry e : entries) {
                boolean failed = e.found.stream().anyMatch(p -> !p.warning());
                if (e.lesson == null || failed) {
                    // errors first: the one-line listing shows the first problem
                    List<Problem> sorted = e.found.stream()
                            .sorted(Comparator.comparing(Problem::warning))
                            .toList();
                    broken.add(new BrokenLesson(e.name, sorted));
                } else {
                    lessons.add(e.lesson);
                    warnings.addAll(e.found);
                }
            }
            return new LessonLibrary(lessons, broken, warnings);
        }
    }

    /**
     * Every entry named like a lesson, whatever it is: one that is not a regular file (a FIFO, a link to a device)
     * is listed as broken with the reason rather than silently skipped.
     */
    static boolean isLessonFile(Path p) {
        String n = p.getFileName().toString();
        return n.endsWith(".yaml") || n.endsWith(".yml");
    }

    /** The lesson in {@code file}, or null with what is wrong in {@code problems}. */
    static Lesson loadOne(Path file, Problems problems, SourceTexts sources) {
        String text;
        try {
            text = BoundedText.read(file, LessonText.MAX_LESSON_BYTES, "lesson files");
        } catch (UnreadableText e) {
            problems.at(e.line(), e.column(), "cannot read the lesson: " + e.getMessage(), e.hint());
            return null;
        }
        LessonText.check(text, problems);
        Node root;
        try {
            root = YamlTreeReader.read(text);
        } catch (YamlSyntaxError e) {
            problems.at(e.line(), e.column(), e.getMessage(), e.hint());
            return null;
        }
        LessonText.checkIds(root, problems);
        try {
            return new LessonParser(problems, sources).parse(root);
        } catch (RuntimeException | StackOverflowError e) {
            // A bug, not the author's mistake; still only this file is lost, and it says which.
            problems.at(
                    1,
                    1,
                    "the lesson cannot be built (" + e.getClass().getSimpleName()
                            + (e.getMessage() == null ? "" : ": " + e.getMessage()) + ")",
                    "please report this file");
            return null;
        }
    }

    static String displayName(Path f) {
        Path parent = f.getParent();
        String dir = parent == null || parent.getFileName() == null ? "" : parent.getFileName() + "/";
        return f.getFileSystem() == FileSystems.getDefault() ? f.toString() : dir + f.getFileName();
    }

    /** The folder of the bundled lessons (in the jar, a folder of its file system), with its {@code sources/}. */
    public static Path bundledFolder() throws IOException {
        return bundledRoot();
    }

    static Path bundledRoot() throws IOException {
        URL url = LessonLoader.class.getClassLoader().getResource(BUNDLED);
        if (url == null) {
            throw new IOException("no '" + BUNDLED + "' directory on the class path");
        }
        try {
            URI uri = url.toURI();
            if (uri.getScheme().equals("jar")) {
                FileSystem fs;
                try {
                    fs = FileSystems.newFileSystem(uri, new HashMap<>());
                } catch (FileSystemAlreadyExistsException e) {
                    fs = FileSystems.getFileSystem(uri);
                }
                return fs.getPath(BUNDLED);
            }
            return Path.of(uri);
        } catch (URISyntaxException e) {
            throw new IOException(e);
        }
    }
}
