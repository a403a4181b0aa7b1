package org.diolab.lesson;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * {@code dio-lab check} one file at a time: each file is parsed, played and judged, its problems handed to the
 * {@link Sink} at once, and the lesson dropped; only its id and prerequisites are kept, for the judgement of the
 * lessons taken together ({@link PrerequisiteCheck}) at the end. So a folder of thousands of lessons is checked in the
 * memory of one, with the same findings as {@link LessonLoader#checkPaths}.
 */
public final class StreamingCheck {
    /** Where the findings go as they are made. */
    public interface Sink {
        /** A file that does not load or breaks a promise: its problems, errors first. */
        void broken(BrokenLesson lesson);

        /** Something worth a look in a lesson that still loads. */
        void warning(Problem warning);
    }

    /** How many lessons were fine, broken, and the warnings among the fine ones. */
    public record Tally(int ok, int broken, int warnings) {}

    private final Sink sink;
    private final Set<String> ids = new HashSet<>();
    private final List<PrerequisiteCheck.Item> fine = new ArrayList<>();
    private int broken;
    private int warnings;

    private StreamingCheck(Sink sink) {
        this.sink = sink;
    }

    /** The bundled lessons. */
    public static Tally bundled(Sink sink) {
        StreamingCheck c = new StreamingCheck(sink);
        try {
            c.folder(LessonLoader.bundledRoot());
        } catch (IOException e) {
            throw new IllegalStateException("cannot read the bundled lessons: " + e.getMessage(), e);
        }
        return c.finish();
    }

    /** Lesson files and folders as a user names them (a folder means its {@code *.yaml}). */
    public static Tally paths(List<Path> paths, Sink sink) {
        StreamingCheck c = new StreamingCheck(sink);
        for (Path p : paths) {
            try {
                if (Files.isDirectory(p)) {
                    c.folder(p);
                } else {
                    c.file(p, SourceTexts.load(p.toAbsolutePath().getParent().resolve("sources")));
                }
            } catch (IOException e) {
                // One unreadable folder is one broken entry; the other paths are still checked.
                c.broken(new BrokenLesson(
                        p.toString(),
                        List.of(new Problem(
                                p.toString(),
                                1,
                                1,
                                "cannot read the folder (" + e.getMessage() + ")",
                                "check that it exists and is readable"))));
            }
        }
        return c.finish();
    }

    private void folder(Path dir) throws IOException {
        SourceTexts sources = SourceTexts.load(dir.resolve("sources"));
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(LessonLoader::isLessonFile).sorted().toList();
        }
        if (files.isEmpty()) {
            // "0 lesson(s) ok, 0 broken" and exit 0 for a mistyped or empty folder would read as a pass
            broken(new BrokenLesson(
                    dir.toString(),
                    List.of(new Problem(
                            dir.toString(),
                            1,
                            1,
                            "no lesson files here (*.yaml or *.yml)",
                            "give the folder that holds your lesson files, or the files themselves"))));
            return;
        }
        for (Path f : files) {
            file(f, sources);
        }
    }

    private void file(Path f, SourceTexts sources) {
        String name = LessonLoader.displayName(f);
        Problems problems = new Problems(name);
        Lesson lesson = LessonLoader.loadOne(f, problems, sources);
        if (lesson != null && ids.contains(lesson.id())) {
            problems.at(1, 1, "lesson id '" + lesson.id() + "' is already used by another file", "ids are unique");
        }
        List<Problem> found = new ArrayList<>(problems.all());
        if (lesson != null && found.isEmpty()) {
            found.addAll(new LessonCheck(sources).check(lesson));
        }
        if (lesson == null || problems.any() || found.stream().anyMatch(p -> !p.warning())) {
            broken(new BrokenLesson(name, errorsFirst(found)));
            return;
        }
        ids.add(lesson.id());
        fine.add(PrerequisiteCheck.Item.of(lesson));
        found.forEach(this::warning);
    }

    /** The prerequisites taken together: a lesson that names no lesson, or comes before itself, is broken after all. */
    private Tally finish() {
        Map<String, List<Problem>> more = PrerequisiteCheck.checkItems(
                fine, () -> Set.copyOf(LessonLoader.loadBundled().ids()));
        more.forEach((file, problems) -> broken(new BrokenLesson(file, errorsFirst(problems))));
        return new Tally(fine.size() - more.size(), broken, warnings);
    }

    private void broken(BrokenLesson b) {
        broken++;
        sink.broken(b);
    }

    private void warning(Problem p) {
        warnings++;
        sink.warning(p);
    }

    private static List<Problem> errorsFirst(List<Problem> found) {
        return found.stream().sorted(Comparator.comparing(Problem::warning)).toList();
    }
}
