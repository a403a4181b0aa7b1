package org.diolab.lesson;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.diolab.engine.invariant.Invariant;
import org.diolab.engine.op.Policy;
import org.diolab.lesson.yaml.Node;

/**
 * Reads {@code expect: {policy: [violated invariants]}}: the outcome a lesson promises under each of its policies,
 * later checked by playing the lesson.
 */
final class ExpectationParser {
    /** Invariants a lesson may name: the world invariants plus the run-level deadlock check. */
    static final List<String> INVARIANTS = List.copyOf(Invariant.explanations().keySet());

    private final Problems problems;
    private final Map<Policy, Node> positions = new LinkedHashMap<>();

    ExpectationParser(Problems problems) {
        this.problems = problems;
    }

    Map<Policy, Node> positions() {
        return positions;
    }

    /** {@code policiesOk}: the policy list had no errors; otherwise a policy missing from it is not reported again. */
    Map<Policy, Expectation> parse(Node node, Node.MapNode lesson, List<PolicyChoice> policies, boolean policiesOk) {
        Map<Policy, Expectation> out = new java.util.LinkedHashMap<>();
        if (node == null) {
            int[] p = lesson.positionOf("expect");
            problems.at(
                    p[0],
                    p[1],
                    "the lesson has no 'expect'",
                    "say which invariants each policy violates, e.g. expect: {zero-copy: [mirrors-agree], bounce: []}");
            return out;
        }
        Fields f = Fields.of(node, problems, "expect");
        if (f == null) {
            return out;
        }
        for (var e : f.node().entries().entrySet()) {
            Policy p = Policy.byId(e.getKey()).orElse(null);
            int[] at = f.node().positionOf(e.getKey());
            if (p != null && !policiesOk && policies.stream().noneMatch(c -> c.policy() == p)) {
                continue;
            }
            if (p == null || policies.stream().noneMatch(c -> c.policy() == p)) {
                problems.at(
                        at[0],
                        at[1],
                        "expect names policy '" + e.getKey() + "', which the lesson does not list",
                        Suggest.hint(
                                e.getKey(),
                                policies.stream().map(c -> c.policy().id()).toList()));
                continue;
            }
            Set<String> violated = new HashSet<>();
            if (!(e.getValue() instanceof Node.ListNode list)) {
                problems.at(e.getValue(), "expect." + e.getKey() + " must be a list of invariants ([] for none)", null);
                continue;
            }
            for (Node item : list.items()) {
                String name = item instanceof Node.ScalarNode s ? s.text() : null;
                if (name == null || !INVARIANTS.contains(name)) {
                    problems.at(
                            item, "unknown invariant '" + name + "'", Suggest.hint(String.valueOf(name), INVARIANTS));
                } else {
                    violated.add(name);
                }
            }
            out.put(p, new Expectation(violated));
            positions.put(p, e.getValue());
        }
        for (PolicyChoice c : policies) {
            if (!out.containsKey(c.policy()) && !problems.any()) {
                problems.at(
                        node,
                        "expect says nothing about policy '" + c.policy().id() + "'",
                        "add '" + c.policy().id() + ": [...]'");
            }
        }
        return out;
    }
}
