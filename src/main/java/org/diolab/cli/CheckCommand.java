package org.diolab.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.diolab.lesson.BrokenLesson;
import org.diolab.lesson.LessonLibrary;
import org.diolab.lesson.LessonLoader;
import org.diolab.lesson.Problem;
import org.diolab.lesson.glossary.Glossary;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code dio-lab check [path ...]}: validates lesson files (schema, references, quotes against their sources, and the
 * promised outcome by playing them, the quiz, the prerequisites across the lessons) and the glossary of the folder
 * ({@code sources/glossary.yaml}). Exit code 1 when any file is broken; warnings (a quiz answer the narration gives
 * away) are printed and do not fail.
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
        List<Problem> glossary = glossaryProblems();
        PrintWriter out = spec.commandLine().getOut();
        for (BrokenLesson b : lib.broken()) {
            for (Problem p : b.problems()) {
                out.println(p.format());
            }
        }
        for (Problem p : lib.warnings()) {
            out.println(p.format());
        }
        glossary.forEach(p -> out.println(p.format()));
        out.println(lib.lessons().size() + " lesson(s) ok, " + lib.broken().size() + " broken"
                + (lib.warnings().isEmpty() ? "" : ", " + lib.warnings().size() + " warning(s)")
                + (glossary.isEmpty() ? "" : ", " + glossary.size() + " glossary problem(s)"));
        return lib.broken().isEmpty() && glossary.isEmpty() ? 0 : 1;
    }

    /** The bundled glossary's problems, or those of the glossary in each folder checked that has one. */
    private List<Problem> glossaryProblems() throws IOException {
        if (paths.isEmpty()) {
            return Glossary.bundledFile().problems();
        }
        List<Problem> out = new ArrayList<>();
        for (Path p : paths) {
            if (Files.isDirectory(p)) {
                out.addAll(Glossary.load(p.resolve("sources")).problems());
            }
        }
        return out;
    }
}
