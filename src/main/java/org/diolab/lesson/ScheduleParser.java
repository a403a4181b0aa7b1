package org.diolab.lesson;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.diolab.engine.ScheduleEntry;
import org.diolab.engine.op.Policy;
import org.diolab.lesson.yaml.Node;

/**
 * Reads a lesson's script. Each item is {@code actor} (one step), {@code actor: label} (run until that step),
 * {@code actor: label#n} (until the actor's n-th such step in the run, e.g. {@code leg0: dma#2}), optionally with
 * {@code policy: P} (or a list) to apply only under those policies, or {@code repeat: N} with {@code steps: [...]}.
 * A label must occur under every policy the line applies to, or the script would silently mean different things.
 */
final class ScheduleParser {
    static final int MAX_REPEAT = 16;

    /** The script and, for each of its lines, where it was written (a repeat's lines all point at their item). */
    record Script(List<ScheduleEntry> entries, List<Node> nodes) {}

    private final Problems problems;
    private final StepCatalog catalog;
    private final List<Policy> lessonPolicies;
    private final List<ScheduleEntry> entries = new ArrayList<>();
    private final List<Node> nodes = new ArrayList<>();

    ScheduleParser(Problems problems, StepCatalog catalog, List<Policy> lessonPolicies) {
        this.problems = problems;
        this.catalog = catalog;
        this.lessonPolicies = lessonPolicies;
    }

    Script parse(List<Node> items) {
        items.forEach(this::item);
        return new Script(List.copyOf(entries), List.copyOf(nodes));
    }

    private void item(Node item) {
        if (item instanceof Node.MapNode m && m.entries().containsKey("repeat")) {
            repeat(m);
            return;
        }
        ScheduleEntry e = entry(item);
        if (e != null) {
            entries.add(e);
            nodes.add(item);
        }
    }

    private void repeat(Node.MapNode m) {
        Fields f = Fields.of(m, problems, "a schedule repeat");
        Integer times = f.integer("repeat");
        List<Node> steps = f.list("steps", true);
        f.rejectUnknown();
        if (times == null) {
            return;
        }
        if (times < 1 || times > MAX_REPEAT) {
            problems.at(
                    m.entries().get("repeat"),
                    "'repeat' must be between 1 and " + MAX_REPEAT + ", found " + times,
                    null);
            return;
        }
        int before = problems.all().size();
        for (int i = 0; i < times && problems.all().size() == before; i++) {
            steps.forEach(this::item); // an error inside is reported once, not once per copy
        }
    }

    private ScheduleEntry entry(Node item) {
        String actor;
        String label = null;
        List<Policy> only = List.of();
        if (item instanceof Node.ScalarNode s && s.text() != null) {
            actor = s.text();
        } else if (item instanceof Node.MapNode m && shortForm(m) != null) {
            Map.Entry<String, Node> step = shortForm(m);
            actor = step.getKey();
            label = ((Node.ScalarNode) step.getValue()).text();
            only = policies(m);
        } else {
            problems.at(
                    item,
                    "a schedule item is 'actor', 'actor: label' or 'actor: label#n', optionally with " + "'policy: P'",
                    "e.g. '- app: submit', '- leg0', '- {leg0: dma#2, policy: bounce}'");
            return null;
        }
        if (!catalog.actors().contains(actor)) {
            problems.at(item, "unknown actor '" + actor + "' in schedule", catalog.hint(actor, ""));
            return null;
        }
        int occurrence = 0;
        if (label != null && label.contains("#")) {
            String n = label.substring(label.indexOf('#') + 1);
            label = label.substring(0, label.indexOf('#'));
            try {
                occurrence = Integer.parseInt(n);
            } catch (NumberFormatException e) {
                occurrence = -1;
            }
            if (occurrence < 1) {
                problems.at(
                        item,
                        "'" + actor + ": " + label + "#" + n + "': the number after # must be 1 or more",
                        "'leg0: dma#2' runs leg0 until its second DMA");
                return null;
            }
        }
        if (label != null) {
            List<Policy> filter = only;
            List<Policy> applies = filter.isEmpty()
                    ? lessonPolicies
                    : lessonPolicies.stream()
                            .filter(p -> filter.stream().anyMatch(p::includes))
                            .toList();
            List<Policy> missing = catalog.missingUnder(actor, label, applies);
            if (!missing.isEmpty()) {
                problems.at(
                        item,
                        "actor '" + actor + "' takes no step '" + label + "' under "
                                + String.join(
                                        ", ", missing.stream().map(Policy::id).toList()),
                        catalog.missingHint(actor, label, applies, missing));
                return null;
            }
        }
        return new ScheduleEntry(actor, label, occurrence, only);
    }

    /** The {@code actor: label} of a map item (besides an optional {@code policy}), or {@code null}. */
    private static Map.Entry<String, Node> shortForm(Node.MapNode m) {
        List<Map.Entry<String, Node>> steps = m.entries().entrySet().stream()
                .filter(e -> !e.getKey().equals("policy"))
                .toList();
        if (steps.size() != 1 || !(steps.getFirst().getValue() instanceof Node.ScalarNode v) || v.text() == null) {
            return null;
        }
        return steps.getFirst();
    }

    private List<Policy> policies(Node.MapNode m) {
        Node n = m.entries().get("policy");
        if (n == null) {
            return List.of();
        }
        List<String> ids = n instanceof Node.ListNode l
                ? l.items().stream()
                        .map(i -> i instanceof Node.ScalarNode s ? s.text() : null)
                        .toList()
                : List.of(n instanceof Node.ScalarNode s && s.text() != null ? s.text() : "");
        List<Policy> out = new ArrayList<>();
        for (String id : ids) {
            Policy p = id == null ? null : Policy.byId(id).orElse(null);
            if (p == null) {
                problems.at(
                        n,
                        "unknown policy '" + id + "' in schedule",
                        Suggest.hint(
                                String.valueOf(id),
                                lessonPolicies.stream().map(Policy::id).toList()));
            } else if (lessonPolicies.stream().noneMatch(lp -> lp.includes(p))) {
                problems.at(
                        n,
                        "schedule line for policy '" + id + "', which no policy of the lesson includes",
                        Suggest.hint(id, lessonPolicies.stream().map(Policy::id).toList()));
            } else {
                out.add(p);
            }
        }
        return out;
    }
}
