package org.diolab.app;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import org.diolab.lesson.Lesson;
import org.diolab.lesson.LessonLibrary;
import org.diolab.lesson.LessonLoader;
import org.diolab.lesson.SourceTexts;

/**
 * The lessons a start reads before its first lesson is on show. Parsing all the bundled lessons was about 30 % of the
 * start (JFR) for one lesson on show, so a start on the bundled lessons parses the file of the lesson it opens alone;
 * the others are parsed once that lesson is drawn ({@link #whole}), and the library lists them in its place. A folder
 * of the user's ({@code --lessons}) and a lecture order (it names lessons across the library) still load whole first.
 *
 * @param library what was read: one lesson, or all of them
 * @param whole   whether that is all of them
 */
record StartLessons(LessonLibrary library, boolean whole) {
    /** Bundled lesson files are named after their ids; anything else in a stored id is not looked up as a file. */
    private static final Pattern ID = Pattern.compile("[a-z0-9][a-z0-9-]*");

    /**
     * What a start reads first: the bundled lesson {@code dio-lab present} asked for, else {@code last} (the lesson on
     * show when the app was closed, empty if none), else the flagship one, parsed alone; everything when the start
     * needs the whole library, or that file is missing or broken (the library then says what is wrong, as before).
     */
    static StartLessons read(StartOptions options, String last) {
        if (options.lessons() == null && options.lecture() == null) {
            String id = options.present() != null ? options.present() : last.isEmpty() ? DioLabApp.FIRST_LESSON : last;
            try {
                Path root = LessonLoader.bundledFolder();
                Path file = root.resolve(id + ".yaml");
                if (ID.matcher(id).matches() && Files.isRegularFile(file)) {
                    LessonLibrary one =
                            LessonLoader.loadFiles(List.of(file), SourceTexts.load(root.resolve("sources")));
                    if (one.broken().isEmpty() && one.lessons().size() == 1) {
                        return new StartLessons(one, false);
                    }
                }
            } catch (IOException | RuntimeException e) {
                // read them all the usual way, which says what is wrong
            }
        }
        return new StartLessons(options.library(), true);
    }

    /**
     * All the bundled lessons, with the lesson read first in place of its second reading: the one on show and the one
     * the library lists are then the same.
     */
    LessonLibrary all() {
        if (whole) {
            return library;
        }
        Lesson first = library.lessons().getFirst();
        LessonLibrary all = LessonLoader.loadBundled();
        return new LessonLibrary(
                all.lessons().stream()
                        .map(l -> l.id().equals(first.id()) && l.file().equals(first.file()) ? first : l)
                        .toList(),
                all.broken(),
                all.warnings());
    }
}
