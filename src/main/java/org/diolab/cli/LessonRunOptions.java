package org.diolab.cli;

import java.util.List;
import org.diolab.engine.op.Policy;
import org.diolab.lesson.Lesson;
import org.diolab.lesson.PolicyChoice;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** What {@code play} and {@code explore} both take: a lesson, one of its policies, an output format, a lesson dir. */
final class LessonRunOptions {
    @Parameters(index = "0", paramLabel = "LESSON", description = "Lesson id (see 'dio-lab lessons').")
    String lessonId;

    @Option(names = "--policy", paramLabel = "P", description = "Policy (default: the lesson's broken one).")
    String policy;

    @Mixin
    FormatOption format = FormatOption.listingFormats();

    @Mixin
    LessonSource source;

    OutputFormat format() {
        return format.value();
    }

    Lesson lesson() {
        return source.lesson(lessonId);
    }

    /** The policy asked for, or the lesson's default; a UserError listing the lesson's policies if it has no such. */
    Policy policy(Lesson lesson) {
        return policyOf(lesson, policy);
    }

    /** The lesson's policy named {@code policy}, its default for {@code null}, or a UserError listing them. */
    static Policy policyOf(Lesson lesson, String policy) {
        if (policy == null) {
            return lesson.defaultPolicy();
        }
        List<String> valid =
                lesson.policies().stream().map(c -> c.policy().id()).toList();
        return lesson.policies().stream()
                .map(PolicyChoice::policy)
                .filter(x -> x.id().equals(policy))
                .findFirst()
                .orElseThrow(() -> new UserError("lesson " + lesson.id() + " has no policy '" + policy + "'. Policies: "
                        + String.join(", ", valid)));
    }
}
