package org.diolab.cli;

import java.io.PrintWriter;
import java.util.List;
import org.diolab.engine.Trace;
import org.diolab.engine.op.Policy;
import org.diolab.lesson.Lesson;
import org.diolab.lesson.PolicyChoice;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code dio-lab play <lesson> [--policy P] [--format text|json]}: every step of the lesson's script. */
@Command(name = "play", mixinStandardHelpOptions = true,
        description = "Play a lesson's scenario step by step and report the invariants it violates.")
final class PlayCommand implements Runnable {
    @Parameters(index = "0", paramLabel = "LESSON", description = "Lesson id (see 'dio-lab lessons').")
    String lessonId;

    @Option(names = "--policy", paramLabel = "P", description = "Policy to run under (default: the lesson's broken one).")
    String policy;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text", description = "text or json.")
    String format;

    @Mixin
    LessonSource source;

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        OutputFormat fmt = OutputFormat.parse(format);
        Lesson lesson = source.lesson(lessonId);
        Policy p = policy == null ? lesson.defaultPolicy() : resolve(lesson, policy);
        Trace trace = lesson.play(p);
        PrintWriter out = spec.commandLine().getOut();
        switch (fmt) {
            case TEXT -> out.print(PlayText.render(lesson, trace));
            case JSON -> out.println(TraceJson.render(lesson, trace));
        }
    }

    static Policy resolve(Lesson lesson, String id) {
        List<String> valid = lesson.policies().stream().map(c -> c.policy().id()).toList();
        return lesson.policies().stream().map(PolicyChoice::policy).filter(x -> x.id().equals(id)).findFirst()
                .orElseThrow(() -> new UserError("lesson " + lesson.id() + " has no policy '" + id + "'. Policies: "
                        + String.join(", ", valid)));
    }
}
