package org.diolab.lesson;

import java.util.ArrayList;
import java.util.List;
import org.diolab.engine.ScheduleEntry;
import org.diolab.engine.op.Policy;
import org.diolab.lesson.yaml.Node;

/**
 * Reads a lesson's script: each item is {@code actor} (one step) or {@code actor: label} (run until that step). A label
 * must occur under every policy of the lesson, or the script would silently mean different things per policy.
 */
final class ScheduleParser {
    private final Problems problems;
    private final StepCatalog catalog;

    ScheduleParser(Problems problems, StepCatalog catalog) {
        this.problems = problems;
        this.catalog = catalog;
    }

    List<ScheduleEntry> parse(List<Node> items) {
        List<ScheduleEntry> out = new ArrayList<>();
        for (Node item : items) {
            ScheduleEntry e = entry(item);
            if (e != null) {
                out.add(e);
            }
        }
        return out;
    }

    private ScheduleEntry entry(Node item) {
        String actor;
        String label = null;
        if (item instanceof Node.ScalarNode s && s.text() != null) {
            actor = s.text();
        } else if (item instanceof Node.MapNode m && m.entries().size() == 1
                && m.entries().values().iterator().next() instanceof Node.ScalarNode v && v.text() != null) {
            actor = m.entries().keySet().iterator().next();
            label = v.text();
        } else {
            problems.at(item, "a schedule item is 'actor' or 'actor: label'", "e.g. '- app: submit' or '- leg0'");
            return null;
        }
        if (!catalog.actors().contains(actor)) {
            problems.at(item, "unknown actor '" + actor + "' in schedule", catalog.hint(actor, ""));
            return null;
        }
        if (label != null) {
            List<Policy> missing = catalog.missingUnder(actor, label);
            if (!missing.isEmpty()) {
                problems.at(item, "actor '" + actor + "' takes no step '" + label + "' under "
                        + String.join(", ", missing.stream().map(Policy::id).toList()),
                        catalog.hint(actor, label));
                return null;
            }
        }
        return new ScheduleEntry(actor, label);
    }
}
