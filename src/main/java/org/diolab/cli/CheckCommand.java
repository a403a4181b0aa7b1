package org.diolab.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.diolab.lesson.BrokenLesson;
import org.diolab.lesson.Problem;
import org.diolab.lesson.StreamingCheck;
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
        PrintWriter out = spec.commandLine().getOut();
        // one file at a time, printed as found: a folder of thousands of lessons needs the memory of one
        StreamingCheck.Sink sink = new StreamingCheck.Sink() {
            @Override
            public void broken(BrokenLesson b) {
                b.problems().forEach(p -> out.println(p.format()));
                out.flush();
            }

            @Override
            public void warning(Problem p) {
                out.println(p.format());
            }
        };
        StreamingCheck.Tally tally = paths.isEmpty() ? StreamingCheck.bundled(sink) : StreamingCheck.paths(paths, sink);
        List<Problem> glossary = glossaryProblems();
        glossary.forEach(p -> out.println(p.format()));
        out.println(tally.ok() + " lesson(s) ok, " + tally.broken() + " broken"
                + (tally.warnings() == 0 ? "" : ", " + tally.warnings() + " warning(s)")
                + (glossary.isEmpty() ? "" : ", " + glossary.size() + " glossary problem(s)"));
        return tally.broken() == 0 && glossary.isEmpty() ? 0 : 1;
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
