package org.diolab.cli;

import org.diolab.engine.Simulator;
import org.diolab.engine.explore.Counterexample;
import org.diolab.engine.explore.DeadlockReport;
import org.diolab.engine.explore.ExploreResult;
import org.diolab.engine.explore.Replay;
import org.diolab.engine.op.Policy;
import org.diolab.lesson.Lesson;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code explore --format json}: {@code {"lesson", "policy", "states", "interleavings", "millis", "violations":
 * [{"invariant", "schedule": [actor, ...], "steps": ["app.submit", ...], "detail", "shortest"}]}} ({@code steps}: the
 * schedule's steps as lessons name them), plus {@code "interleavingsExact"},
 * {@code "exceeded"}, {@code "stoppedBy"} (null, "state-budget", "memory" or "cancelled"), {@code "maxStates"},
 * {@code "complete"}, {@code "reduction"} ("persistent-sets+symmetry", "persistent-sets" or "none"), {@code
 * "shortestStates"} (states searched to prove the schedules shortest) and {@code "deadlocks": [{"schedule", "steps",
 * "cycle", "detail"}]}. When not complete, the
 * interleavings are a lower bound and an empty violation list proves nothing; with a reduction they are a lower bound
 * too.
 */
final class ExploreJson {
    private ExploreJson() {}

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
        root.put(
                "stoppedBy",
                switch (r.completion()) {
                    case COMPLETE -> null;
                    case STATE_BUDGET -> "state-budget";
                    case MEMORY_BUDGET -> "memory";
                    case CANCELLED -> "cancelled";
                });
        root.put("reduction", r.reduction().id());
        root.put("shortestStates", r.shortestStates());
        Simulator sim = lesson.simulator(policy);
        ArrayNode violations = root.putArray("violations");
        for (Counterexample c : r.violations()) {
            ObjectNode o = violations.addObject();
            o.put("invariant", c.invariant());
            ArrayNode schedule = o.putArray("schedule");
            c.schedule().forEach(schedule::add);
            ArrayNode steps = o.putArray("steps");
            Replay.steps(sim, c.schedule()).forEach(steps::add);
            o.put("detail", c.detail());
            o.put("shortest", c.shortest());
        }
        ArrayNode deadlocks = root.putArray("deadlocks");
        for (DeadlockReport d : r.deadlocks()) {
            ObjectNode o = deadlocks.addObject();
            ArrayNode schedule = o.putArray("schedule");
            d.schedule().forEach(schedule::add);
            ArrayNode steps = o.putArray("steps");
            Replay.steps(sim, d.schedule()).forEach(steps::add);
            ArrayNode cycle = o.putArray("cycle");
            d.cycle().forEach(cycle::add);
            o.put("detail", d.detail());
        }
        return TraceJson.MAPPER.writeValueAsString(root);
    }
}
