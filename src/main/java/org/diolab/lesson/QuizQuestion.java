package org.diolab.lesson;

import java.util.List;
import org.diolab.engine.op.Policy;

/**
 * A question the learner answers, with the answer hidden until asked for.
 *
 * @param answer  index into {@code choices}
 * @param explain why the answer is right, shown after answering
 * @param at      the step the question is about, or {@code null}: while it is open the stage waits just before that
 *                step (or at the start without one), so the stage never shows the answer
 * @param policy  the policy the question is asked under, or {@code null} for the lesson's default
 */
public record QuizQuestion(
        QuizKind kind, String question, List<String> choices, int answer, String explain, StepAt at, Policy policy) {
    public QuizQuestion {
        choices = List.copyOf(choices);
    }

    public QuizQuestion(QuizKind kind, String question, List<String> choices, int answer, String explain) {
        this(kind, question, choices, answer, explain, null, null);
    }
}
