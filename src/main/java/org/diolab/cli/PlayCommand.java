package org.diolab.cli;

import java.io.PrintWriter;
import org.diolab.engine.Trace;
import org.diolab.lesson.Lesson;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code dio-lab play <lesson> [--policy P] [--format text|json]}: every step of the lesson's script. */
@Command(
        name = "play",
        mixinStandardHelpOptions = true,
        description = "Play a lesson's scenario step by step and report the invariants it violates.")
final class PlayCommand implements Runnable {
    @Mixin
    LessonRunOptions options;

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        OutputFormat fmt = options.format();
        Lesson lesson = options.lesson();
        Trace trace = lesson.play(options.policy(lesson));
        PrintWriter out = spec.commandLine().getOut();
        switch (fmt) {
            case TEXT -> out.print(PlayText.render(lesson, trace));
            case JSON -> out.println(TraceJson.render(lesson, trace));
        }
    }
}
