package org.diolab.lesson;

import java.util.ArrayList;
import java.util.List;
import org.diolab.lesson.yaml.Node;

/** Reads a lesson's quiz: questions with choices, the index of the right one, and why. */
final class QuizParser {
    private final Problems problems;

    QuizParser(Problems problems) {
        this.problems = problems;
    }

    List<QuizQuestion> parse(List<Node> items) {
        List<QuizQuestion> out = new ArrayList<>();
        for (Node item : items) {
            Fields f = Fields.of(item, problems, "a quiz question");
            if (f == null) {
                continue;
            }
            String kind = f.text("kind");
            String question = f.text("question");
            List<String> choices = f.texts("choices", true);
            Integer answer = f.integer("answer");
            String explain = f.text("explain");
            f.rejectUnknown();
            if (kind != null && !QuizQuestion.KINDS.contains(kind)) {
                problems.at(f.node().entries().get("kind"), "unknown quiz kind '" + kind + "'",
                        Suggest.hint(kind, QuizQuestion.KINDS));
            } else if (answer != null && (answer < 0 || answer >= choices.size())) {
                problems.at(f.node().entries().get("answer"), "answer " + answer + " is not a choice index",
                        "choices are numbered from 0 to " + (choices.size() - 1));
            } else if (kind != null && question != null && answer != null && explain != null) {
                out.add(new QuizQuestion(kind, question, choices, answer, explain));
            }
        }
        return out;
    }
}
