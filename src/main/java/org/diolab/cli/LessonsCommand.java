package org.diolab.cli;

import java.io.PrintWriter;
import org.diolab.lesson.BrokenLesson;
import org.diolab.lesson.Lesson;
import org.diolab.lesson.LessonLibrary;
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
        PrintWriter out = spec.commandLine().getOut();
        LessonLibrary lib = source.library();
        int w = lib.lessons().stream().mapToInt(l -> l.id().length()).max().orElse(10);
        int s = lib.lessons().stream()
                .mapToInt(l -> l.seedLabel().length())
                .max()
                .orElse(4);
        for (Lesson l : lib.lessons()) {
            out.printf("%-" + w + "s  %-" + s + "s  %s%n", l.id(), l.seedLabel(), l.title());
        }
        for (BrokenLesson b : lib.broken()) {
            spec.commandLine().getErr().println("broken: " + b.summary());
        }
    }
}
