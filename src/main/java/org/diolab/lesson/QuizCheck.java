package org.diolab.lesson;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.diolab.engine.Narration;
import org.diolab.engine.Snapshot;
import org.diolab.engine.Trace;
import org.diolab.engine.op.Policy;
import org.diolab.lesson.yaml.Node;

/**
 * What only playing can tell about a lesson's quiz. A question is shown, and "show me" plays it, under its
 * {@code policy:} or else the lesson's default policy; so a question that names no policy must be about that one:
 * its {@code at} step must be taken under it, and a question about the run (not a cost question, which compares
 * policies) must not say "under P" of another policy P. And the
 * narration the learner reads before the question should not hold its answer word for word (a warning).
 */
final class QuizCheck {
    /** "Under async-csum-no-wait, ...": the policy a question says it is about. */
    private static final Pattern UNDER = Pattern.compile("(?i)\\bunder\\s+([a-z0-9][a-z0-9+-]*[a-z0-9])");

    /** Answers shorter than this many words ("Nothing", "-EAGAIN") are too common to be given away. */
    private static final int MIN_ANSWER_WORDS = 3;

    private QuizCheck() {}

    static void check(Lesson lesson, Map<Policy, Trace> traces, Problems problems) {
        List<QuizQuestion> quiz = lesson.quiz();
        List<Node> nodes = lesson.sourceMap().quiz();
        for (int i = 0; i < quiz.size(); i++) {
            QuizQuestion q = quiz.get(i);
            Node node = i < nodes.size() ? nodes.get(i) : null;
            Policy shown = q.policy() != null ? q.policy() : lesson.defaultPolicy();
            if (q.policy() == null && q.kind() != QuizKind.FIX_COST) { // a cost question compares policies
                namesAnotherPolicy(lesson, q, shown, node, problems);
            }
            Trace trace = traces.get(shown);
            if (trace == null) {
                continue; // playing under it failed, reported already
            }
            Optional<Integer> at = q.at() == null ? Optional.empty() : q.at().indexIn(trace);
            if (q.at() != null && at.isEmpty()) {
                stepNotTaken(lesson, q, shown, traces, node, problems);
                continue;
            }
            giveaway(q, trace, at.orElse(0), node, problems);
        }
    }

    private static void namesAnotherPolicy(Lesson lesson, QuizQuestion q, Policy shown, Node node, Problems problems) {
        Matcher m = UNDER.matcher(q.question());
        while (m.find()) {
            String id = m.group(1).toLowerCase(Locale.ROOT);
            Optional<PolicyChoice> named = lesson.policies().stream()
                    .filter(c -> c.policy().id().equals(id))
                    .findFirst();
            if (named.isPresent() && named.get().policy() != shown) {
                problems.at(
                        at(node, "question"),
                        "the question is about " + id + " but names no 'policy:', so the app asks it and \"show me\""
                                + " plays it under " + shown.id() + ", the lesson's default",
                        "add 'policy: " + id + "' to the question");
                return;
            }
        }
    }

    private static void stepNotTaken(
            Lesson lesson, QuizQuestion q, Policy shown, Map<Policy, Trace> traces, Node node, Problems problems) {
        List<String> taken = new ArrayList<>();
        for (PolicyChoice c : lesson.policies()) {
            Trace t = traces.get(c.policy());
            if (t != null && q.at().indexIn(t).isPresent()) {
                taken.add(c.policy().id());
            }
        }
        if (taken.isEmpty()) {
            problems.at(
                    at(node, "at"),
                    "the run never reaches " + q.at() + " under any of the lesson's policies",
                    "name a step the run takes (the number after # counts that actor's steps with the label)");
        } else if (q.policy() == null) {
            problems.at(
                    at(node, "at"),
                    q.at() + " is taken only under " + String.join(", ", taken) + ", but the question names no"
                            + " 'policy:', so \"show me\" plays it under " + shown.id() + " and never gets there",
                    "add 'policy: " + taken.getFirst() + "' to the question");
        } else {
            problems.at(
                    at(node, "at"),
                    "under " + shown.id() + " the run never reaches " + q.at() + "; it is taken under "
                            + String.join(", ", taken),
                    "change the question's 'policy:' or its 'at'");
        }
    }

    /** The answer, word for word, in a narration shown before the question's step (the intro included). */
    private static void giveaway(QuizQuestion q, Trace trace, int stop, Node node, Problems problems) {
        String answer = normalize(q.choices().get(q.answer()));
        if (answer.split(" ").length < MIN_ANSWER_WORDS) {
            return;
        }
        int limit = Math.max(1, stop); // waiting before the step shows the one before it; the start shows the intro
        for (Snapshot s : trace.snapshots()) {
            if (s.index() >= limit) {
                break;
            }
            Narration n = s.narration();
            if (n != null
                    && normalize(n.text() + (n.hasQuote() ? " " + n.quote() : ""))
                            .contains(answer)) {
                String where = s.index() == 0
                        ? "the intro"
                        : "the narration of step " + s.index() + " ("
                                + s.event().actor() + "." + s.event().label() + ")";
                problems.warn(
                        at(node, "answer"),
                        "the answer (\"" + q.choices().get(q.answer()) + "\") is in " + where
                                + ", which the learner reads before the question",
                        "reword that narration, or ask the question before that step ('at')");
                return;
            }
        }
    }

    /** Lower case, runs of spaces as one, without the final full stop: "verbatim" as a reader sees it. */
    static String normalize(String text) {
        String t = SourceTexts.normalize(text).toLowerCase(Locale.ROOT);
        return t.endsWith(".") ? t.substring(0, t.length() - 1) : t;
    }

    private static int[] at(Node node, String key) {
        if (node instanceof Node.MapNode m) {
            Node v = m.entries().get(key);
            return v != null ? new int[] {v.line(), v.column()} : m.positionOf(key);
        }
        return node == null ? new int[] {1, 1} : new int[] {node.line(), node.column()};
    }
}
