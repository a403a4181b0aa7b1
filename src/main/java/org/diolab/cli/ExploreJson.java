package org.diolab.cli;

import org.diolab.engine.explore.Counterexample;
import org.diolab.engine.explore.DeadlockReport;
import org.diolab.engine.explore.ExploreResult;
import org.diolab.engine.op.Policy;
import org.diolab.lesson.Lesson;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code explore --format json}: {@code {"lesson", "policy", "states", "interleavings", "millis", "violations":
 * [{"invariant", "schedule": [actor, ...], "detail"}]}}, plus {@code "interleavingsExact"}, {@code "exceeded"},
 * {@code "maxStates"}, {@code "complete"} and {@code "deadlocks": [{"schedule", "cycle", "detail"}]}. When not
 * complete, the interleavings are a lower bound and an empty violation list proves nothing.
 */
final class ExploreJson {
    private ExploreJson() {
    }

    static String render(Lesson lesson, Policy policy, ExploreResult r, long millis, int maxStates) {
        ObjectNode root = TraceJson.MAPPER.createObjectNode();
        root.put("lesson", lesson.id());
        root.put("policy", policy.id());
        root.put("states", r.states());
        root.put("interleavings", r.interleavings().value());
        root.put("interleavingsExact", r.interleavings().exact());
        root.put("millis", millis);
        root.put("complete", r.complete());
        root.put("exceeded", r.exceeded());
        root.put("maxStates", maxStates);
        ArrayNode violations = root.putArray("violations");
        for (Counterexample c : r.violations()) {
            ObjectNode o = violations.addObject();
            o.put("invariant", c.invariant());
            ArrayNode schedule = o.putArray("schedule");
            c.schedule().forEach(schedule::add);
            o.put("detail", c.detail());
        }
        ArrayNode deadlocks = root.putArray("deadlocks");
        for (DeadlockReport d : r.deadlocks()) {
            ObjectNode o = deadlocks.addObject();
            ArrayNode schedule = o.putArray("schedule");
            d.schedule().forEach(schedule::add);
            ArrayNode cycle = o.putArray("cycle");
            d.cycle().forEach(cycle::add);
            o.put("detail", d.detail());
        }
        return TraceJson.MAPPER.writeValueAsString(root);
    }
}
