package org.diolab.cli;

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
        LightCommands.print(
                LessonListing.of(source.library()),
                spec.commandLine().getOut(),
                spec.commandLine().getErr());
    }
}
