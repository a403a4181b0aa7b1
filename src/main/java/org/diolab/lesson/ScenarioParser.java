package org.diolab.lesson;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.diolab.engine.ActorSpec;
import org.diolab.engine.Scenario;
import org.diolab.engine.model.World;
import org.diolab.lesson.yaml.Node;

/**
 * Reads a lesson's {@code setup} ({@link SetupParser}) and {@code actors} ({@link OperationParser}) into an engine
 * {@link Scenario}. The scenario is built whenever the setup is usable, even if an operation had a wrong name (it then
 * gets a stand-in), so that the schedule and narration are checked in the same pass; the problems still make the
 * lesson broken.
 */
final class ScenarioParser {
    private final Set<String> incomplete = new HashSet<>();
    private final Problems problems;
    private SetupParser.Declared declared;

    ScenarioParser(Problems problems) {
        this.problems = problems;
    }

    /** Actors with an operation that did not parse: what their steps would have been is unknown (after parse). */
    Set<String> incomplete() {
        return incomplete;
    }

    /** What the setup declared (after {@link #parse}). */
    SetupParser.Declared declared() {
        return declared;
    }

    /** Returns the scenario, or {@code null} when the setup or the actors cannot be built. */
    Scenario parse(String name, Fields root) {
        Node setupNode = root.raw("setup");
        Node actorsNode = root.raw("actors");
        if (setupNode == null || actorsNode == null) {
            int[] p = root.node().positionOf(setupNode == null ? "setup" : "actors");
            problems.at(
                    p[0],
                    p[1],
                    "the lesson is missing '" + (setupNode == null ? "setup" : "actors") + "'",
                    "a lesson needs 'setup:' (volume, pages) and 'actors:' (threads and their operations)");
            return null;
        }
        SetupParser setup = new SetupParser(problems);
        World world = setup.parse(setupNode);
        declared = setup.declared();
        List<ActorSpec> actors = actors(actorsNode);
        if (world == null || actors == null) {
            return null;
        }
        return new Scenario(name, world, actors);
    }

    private List<ActorSpec> actors(Node actorsNode) {
        if (!(actorsNode instanceof Node.ListNode list)) {
            problems.at(actorsNode, "'actors' must be a list of threads", "start each actor with '- id: ...'");
            return null;
        }
        OperationParser ops = new OperationParser(problems, declared);
        List<ActorSpec> out = new ArrayList<>();
        Set<String> ids = new HashSet<>(declared.legs());
        ids.addAll(declared.swapDevices());
        for (Node item : list.items()) {
            Fields f = Fields.of(item, problems, "an actor");
            if (f == null) {
                continue;
            }
            String id = f.text("id");
            String title = f.optText("title", id);
            int before = problems.all().size();
            List<org.diolab.engine.op.Operation> operations = ops.parse(f.list("ops", true));
            if (id != null && problems.all().size() > before) {
                incomplete.add(id);
            }
            f.rejectUnknown();
            if (id != null && !ids.add(id)) {
                problems.at(
                        item,
                        "actor id '" + id + "' is used twice (devices count as actors too)",
                        "give each actor its own id");
            } else if (id != null) {
                out.add(new ActorSpec(id, title, operations));
            }
        }
        return out;
    }
}
