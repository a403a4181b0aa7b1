package org.diolab.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.diolab.lesson.Lesson;
import org.diolab.lesson.LessonLibrary;
import org.diolab.lesson.LessonLoader;
import picocli.CommandLine.Option;

/** The {@code --lessons DIR} option shared by commands that read lessons: bundled lessons unless a directory is given. */
final class LessonSource {
    @Option(
            names = "--lessons",
            paramLabel = "DIR",
            description = "Read lessons from DIR (with DIR/sources/) instead of the bundled ones.")
    Path dir;

    LessonLibrary library() {
        if (dir == null) {
            return LessonLoader.loadBundled();
        }
        if (!Files.isDirectory(dir)) {
            throw new UserError(
                    "--lessons " + dir + " is not a directory; give the folder that holds the *.yaml files");
        }
        LessonLibrary lib;
        try {
            lib = LessonLoader.load(dir);
        } catch (IOException e) {
            throw new UserError("cannot read lessons from " + dir + ": " + e.getMessage());
        }
        if (lib.lessons().isEmpty() && lib.broken().isEmpty()) {
            throw new UserError("no lesson loaded from " + dir + ": it has no lesson files (*.yaml or *.yml); give"
                    + " --lessons the folder that holds them");
        }
        return lib;
    }

    /** The lesson with {@code id}, or a UserError listing the ids there are. */
    Lesson lesson(String id) {
        LessonLibrary lib = library();
        if (lib.lessons().isEmpty()) {
            String where = dir == null ? "the bundled lessons" : dir.toString();
            throw new UserError("no lesson loaded from " + where
                    + (lib.broken().isEmpty()
                            ? ": it has no *.yaml lesson files"
                            : ": " + lib.broken().size() + " file(s) are broken, the first: "
                                    + lib.broken().getFirst().summary() + " ('dio-lab check"
                                    + (dir == null ? "" : " " + dir) + "' lists every problem)"));
        }
        return lib.find(id)
                .orElseThrow(() -> new UserError(
                        "unknown lesson '" + id + "'. Lessons: " + String.join(", ", lib.ids()) + brokenNote(lib, id)));
    }

    private static String brokenNote(LessonLibrary lib, String id) {
        return lib.broken().stream()
                .filter(b -> b.file().contains(id))
                .findFirst()
                .map(b -> ". A file that may be it is broken: " + b.summary())
                .orElse("");
    }
}
