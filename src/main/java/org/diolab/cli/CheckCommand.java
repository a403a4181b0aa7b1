package org.diolab.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import org.diolab.lesson.BrokenLesson;
import org.diolab.lesson.LessonLoader;
import org.diolab.lesson.Problem;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code dio-lab check [path ...]}: validates lesson files (schema, references, quotes against their sources, and the
 * promised outcome by playing them). Exit code 1 when any file is broken.
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
        int[] broken = {0};
        // one file at a time, printed as found: a folder of thousands of lessons needs the memory of one
        Consumer<BrokenLesson> report = b -> {
            broken[0]++;
            for (Problem p : b.problems()) {
                out.println(p.format());
            }
            out.flush();
        };
        int ok = paths.isEmpty() ? LessonLoader.checkBundled(report) : LessonLoader.checkPaths(paths, report);
        out.println(ok + " lesson(s) ok, " + broken[0] + " broken");
        return broken[0] == 0 ? 0 : 1;
    }
}
