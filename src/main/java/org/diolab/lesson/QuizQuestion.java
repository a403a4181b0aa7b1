package org.diolab.lesson;

import java.util.List;

/**
 * A question the learner answers, with the answer hidden until asked for.
 *
 * @param kind    {@code predict-next}, {@code which-interleaving} or {@code fix-cost}
 * @param answer  index into {@code choices}
 * @param explain why the answer is right, shown after answering
 */
public record QuizQuestion(String kind, String question, List<String> choices, int answer, String explain) {
    public static final List<String> KINDS = List.of("predict-next", "which-interleaving", "fix-cost");

    public QuizQuestion {
        choices = List.copyOf(choices);
    }
}
