package org.diolab.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.diolab.lesson.BrokenLesson;
import org.diolab.lesson.LessonLibrary;
import org.diolab.lesson.LessonLoader;
import org.diolab.lesson.Problem;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code dio-lab check [path ...]}: validates lesson files (schema, references, quotes against their sources, and the
 * promised outcome by playing them, the quiz, the prerequisites across the lessons). Exit code 1 when any file is
 * broken; warnings (a quiz answer the narration gives away) are printed and do not fail.
 */
@Command(
        name = "check",
        mixinStandardHelpOptions = true,
        description = "Validate lesson files or folders (default: the bundled lessons); exit code 1 if any is broken.")
final class CheckCommand implements Callable<Integer> {
    @Parameters(paramLabel = "PATH", arity = "0..*", description = "Lesson .yaml files or folders of them.")
    List<Path> paths = List.of();

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        for (Path p : paths) {
            if (!Files.exists(p)) {
                throw new UserError("no such file or folder: " + p);
            }
        }
        LessonLibrary lib = paths.isEmpty() ? LessonLoader.checkBundled() : LessonLoader.checkPaths(paths);
        PrintWriter out = spec.commandLine().getOut();
        for (BrokenLesson b : lib.broken()) {
            for (Problem p : b.problems()) {
                out.println(p.format());
            }
        }
        for (Problem p : lib.warnings()) {
            out.println(p.format());
        }
        out.println(lib.lessons().size() + " lesson(s) ok, " + lib.broken().size() + " broken"
                + (lib.warnings().isEmpty() ? "" : ", " + lib.warnings().size() + " warning(s)"));
        return lib.broken().isEmpty() ? 0 : 1;
    }
}
