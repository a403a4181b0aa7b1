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
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
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
 * each lesson under each policy ({@link LessonCheck}) and report broken promises as problems of that file.
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

    /**
     * Checks the bundled lessons one at a time, handing each broken one to {@code broken}; keeps none of them.
     *
     * @return how many are fine
     */
    public static int checkBundled(Consumer<BrokenLesson> broken) {
        try {
            return check(bundledRoot(), broken);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read the bundled lessons: " + e.getMessage(), e);
        }
    }

    /**
     * Like {@link #checkPaths(List)}, but one file at a time: each broken file goes to {@code broken} as soon as it is
     * found and no lesson is kept, so a folder of thousands of lessons is checked in the memory of one.
     *
     * @return how many lessons are fine
     */
    public static int checkPaths(List<Path> paths, Consumer<BrokenLesson> broken) {
        int ok = 0;
        for (Path p : paths) {
            try {
                if (Files.isDirectory(p)) {
                    ok += check(p, broken);
                } else {
                    Path dir = p.toAbsolutePath().getParent();
                    ok += checkFiles(List.of(p), SourceTexts.load(dir.resolve("sources")), broken);
                }
            } catch (IOException e) {
                broken.accept(unreadableFolder(p, e));
            }
        }
        return ok;
    }

    private static int check(Path dir, Consumer<BrokenLesson> broken) throws IOException {
        SourceTexts sources = SourceTexts.load(dir.resolve("sources"));
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(LessonLoader::isLessonFile).sorted().toList();
        }
        return checkFiles(files, sources, broken);
    }

    private static int checkFiles(List<Path> files, SourceTexts sources, Consumer<BrokenLesson> broken) {
        int ok = 0;
        Set<String> ids = new HashSet<>();
        for (Path f : files) {
            Object outcome = loadFile(f, sources, true, ids);
            if (outcome instanceof BrokenLesson b) {
                broken.accept(b);
            } else {
                ok++;
            }
        }
        return ok;
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
        SourceTexts sources = SourceTexts.load(dir.resolve("sources"));
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(LessonLoader::isLessonFile).sorted().toList();
        }
        return loadFiles(files, sources, check);
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
        List<Lesson> lessons = new ArrayList<>();
        List<BrokenLesson> broken = new ArrayList<>();
        for (Path p : paths) {
            LessonLibrary lib;
            try {
                if (Files.isDirectory(p)) {
                    lib = load(p, check);
                } else {
                    Path dir = p.toAbsolutePath().getParent();
                    lib = loadFiles(List.of(p), SourceTexts.load(dir.resolve("sources")), check);
                }
            } catch (IOException e) {
                // One unreadable folder is one broken entry; the other paths still load.
                lib = new LessonLibrary(List.of(), List.of(unreadableFolder(p, e)));
            }
            lessons.addAll(lib.lessons());
            broken.addAll(lib.broken());
        }
        return new LessonLibrary(lessons, broken);
    }

    /** The given files, quotes checked against {@code sources}. */
    public static LessonLibrary loadFiles(List<Path> files, SourceTexts sources) {
        return loadFiles(files, sources, false);
    }

    private static LessonLibrary loadFiles(List<Path> files, SourceTexts sources, boolean check) {
        List<Lesson> lessons = new ArrayList<>();
        List<BrokenLesson> broken = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        for (Path f : files) {
            switch (loadFile(f, sources, check, ids)) {
                case Lesson l -> lessons.add(l);
                case BrokenLesson b -> broken.add(b);
                default -> throw new IllegalStateException();
            }
        }
        return new LessonLibrary(lessons, broken);
    }

    /** The lesson in {@code f}, or what is wrong with it (a {@link BrokenLesson}); {@code ids}: the lessons so far. */
    private static Object loadFile(Path f, SourceTexts sources, boolean check, Set<String> ids) {
        String name = displayName(f);
        Problems problems = new Problems(name);
        Lesson lesson = loadOne(f, problems, sources);
        if (lesson != null && ids.contains(lesson.id())) {
            problems.at(1, 1, "lesson id '" + lesson.id() + "' is already used by another file", "ids are unique");
        }
        List<Problem> found = new ArrayList<>(problems.all());
        if (check && lesson != null && found.isEmpty()) {
            found.addAll(new LessonCheck(sources).check(lesson));
        }
        if (lesson == null || !found.isEmpty()) {
            return new BrokenLesson(name, found);
        }
        ids.add(lesson.id());
        return lesson;
    }

    private static BrokenLesson unreadableFolder(Path p, IOException e) {
        return new BrokenLesson(
                p.toString(),
                List.of(new Problem(
                        p.toString(),
                        1,
                        1,
                        "cannot read the folder (" + e.getMessage() + ")",
                        "check that it exists and is readable")));
    }

    /**
     * Every entry named like a lesson, whatever it is: one that is not a regular file (a FIFO, a link to a device)
     * is listed as broken with the reason rather than silently skipped.
     */
    static boolean isLessonFile(Path p) {
        String n = p.getFileName().toString();
        return n.endsWith(".yaml") || n.endsWith(".yml");
    }

    private static Lesson loadOne(Path file, Problems problems, SourceTexts sources) {
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

    private static String displayName(Path f) {
        Path parent = f.getParent();
        String dir = parent == null || parent.getFileName() == null ? "" : parent.getFileName() + "/";
        return f.getFileSystem() == FileSystems.getDefault() ? f.toString() : dir + f.getFileName();
    }

    private static Path bundledRoot() throws IOException {
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
