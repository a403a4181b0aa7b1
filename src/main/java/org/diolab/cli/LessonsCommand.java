package org.diolab.cli;

import java.io.PrintWriter;
import org.diolab.lesson.LessonListing;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code dio-lab lessons}: id, title and seed of every lesson; broken files are listed with their first problem. */
@Command(name = "lessons", mixinStandardHelpOptions = true, description = "List the lessons: id, title, seed.")
final class LessonsCommand implements Runnable {
    @Mixin
    LessonSource source;

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        print(
                LessonListing.of(source.library()),
                spec.commandLine().getOut(),
                spec.commandLine().getErr());
    }

    /** The listing, columns aligned; broken files on {@code err}. */
    static void print(LessonListing listing, PrintWriter out, PrintWriter err) {
        int w = listing.lessons().stream().mapToInt(l -> l.id().length()).max().orElse(10);
        int s = listing.lessons().stream()
                .mapToInt(l -> l.seeds().length())
                .max()
                .orElse(4);
        for (LessonListing.Row l : listing.lessons()) {
            out.printf("%-" + w + "s  %-" + s + "s  %s%n", l.id(), l.seeds(), l.title());
        }
        for (String b : listing.broken()) {
            err.println("broken: " + b);
        }
    }
}
