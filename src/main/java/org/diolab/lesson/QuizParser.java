package org.diolab.lesson;

import java.util.ArrayList;
import java.util.List;
import org.diolab.engine.op.Policy;
import org.diolab.lesson.yaml.Node;

/** Reads a lesson's quiz: questions with choices, the index of the right one, why, and the step it is about. */
final class QuizParser {
    private final Problems problems;
    private final StepCatalog steps;
    private final List<Policy> policies;

    /**
     * {@code steps} checks each question's {@code at} (null when the scenario did not parse); {@code policies} are the
     * lesson's, which a question's {@code policy} must be one of.
     */
    QuizParser(Problems problems, StepCatalog steps, List<Policy> policies) {
        this.problems = problems;
        this.steps = steps;
        this.policies = List.copyOf(policies);
    }

    List<QuizQuestion> parse(List<Node> items) {
        List<QuizQuestion> out = new ArrayList<>();
        for (Node item : items) {
            Fields f = Fields.of(item, problems, "a quiz question");
            if (f == null) {
                continue;
            }
            String kindId = f.text("kind");
            String question = f.text("question");
            List<String> choices = f.texts("choices", true);
            Integer answer = f.integer("answer");
            String explain = f.text("explain");
            StepAt at = at(f);
            Policy policy = policy(f);
            f.rejectUnknown();
            QuizKind kind = kindId == null ? null : QuizKind.byId(kindId).orElse(null);
            if (kindId != null && kind == null) {
                problems.at(
                        f.node().entries().get("kind"),
                        "unknown quiz kind '" + kindId + "'",
                        Suggest.hint(kindId, QuizKind.ids()));
            } else if (f.has("choices") && choices.size() < 2) {
                problems.at(
                        f.node().entries().get("choices"),
                        "a question needs at least two choices, found " + choices.size(),
                        "list the answers to pick from, e.g. choices: [\"'AAAA'\", \"'BBBB'\"]");
            } else if (answer != null && (answer < 0 || answer >= choices.size())) {
                problems.at(
                        f.node().entries().get("answer"),
                        "answer " + answer + " is not a choice index",
                        "choices are numbered from 0 to " + (choices.size() - 1));
            } else if (kind != null && question != null && answer != null && explain != null) {
                out.add(new QuizQuestion(kind, question, choices, answer, explain, at, policy));
            }
        }
        return out;
    }

    private StepAt at(Fields f) {
        String text = f.optText("at", null);
        if (text == null) {
            return null;
        }
        try {
            StepAt at = StepAt.parse(text);
            String unknown = steps == null ? null : steps.unknownStep(at.actor(), at.label());
            if (unknown != null) {
                problems.at(f.node().entries().get("at"), unknown, steps.hint(at.actor(), at.label()));
                return null;
            }
            return at;
        } catch (IllegalArgumentException e) {
            problems.at(
                    f.node().entries().get("at"),
                    e.getMessage(),
                    "'at' names the step the question is about; the stage waits just before it");
            return null;
        }
    }

    private Policy policy(Fields f) {
        String id = f.optText("policy", null);
        if (id == null) {
            return null;
        }
        Policy p = Policy.byId(id).orElse(null);
        List<String> offered = policies.stream().map(Policy::id).toList();
        if (p == null || !policies.contains(p)) {
            problems.at(
                    f.node().entries().get("policy"),
                    "'" + id + "' is not one of this lesson's policies",
                    Suggest.hint(id, offered));
            return null;
        }
        return p;
    }
}
