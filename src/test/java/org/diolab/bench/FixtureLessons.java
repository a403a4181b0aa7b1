package org.diolab.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import org.diolab.lesson.Lesson;
import org.diolab.lesson.LessonLibrary;
import org.diolab.lesson.LessonLoader;
import org.diolab.lesson.SourceTexts;

/** Lesson files kept for tests and benchmarks (src/test/resources/explore), quoting the bundled source threads. */
public final class FixtureLessons {
    /** The explorer's worst case of issue 24: three legs, three readers, an 8 KiB write and a store, DONTCACHE. */
    public static final Path THREE_LEGS_DONTCACHE =
            Path.of("src/test/resources/explore/raid1-three-legs-dontcache.yaml");

    private FixtureLessons() {}

    public static Lesson threeLegsDontcache() {
        return load(THREE_LEGS_DONTCACHE);
    }

    static Lesson load(Path file) {
        try {
            LessonLibrary lib =
                    LessonLoader.loadFiles(List.of(file), SourceTexts.load(Path.of(LessonLoader.BUNDLED, "sources")));
            if (!lib.broken().isEmpty()) {
                throw new IllegalStateException("the fixture does not load: " + lib.broken());
            }
            return lib.lessons().getFirst();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
