package org.diolab.app.lesson;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.diolab.engine.Snapshot;
import org.diolab.engine.invariant.Invariant;
import org.diolab.engine.invariant.Violation;
import org.diolab.lesson.Lesson;

/** An invariant as the screen lists it at a step: holds, or violated with each detail. */
public record InvariantStatus(String id, String explanation, List<String> details) {
    public InvariantStatus {
        details = List.copyOf(details);
    }

    public boolean violated() {
        return !details.isEmpty();
    }

    /** The invariants {@code lesson} is about (and any other that breaks at {@code s}), by id, as they stand at s. */
    static List<InvariantStatus> at(Lesson lesson, Snapshot s) {
        Set<String> shown = new TreeSet<>();
        lesson.expect().values().forEach(e -> shown.addAll(e.violated()));
        s.violations().forEach(v -> shown.add(v.invariant()));
        Map<String, String> explanations = Invariant.explanations();
        List<InvariantStatus> out = new ArrayList<>();
        for (String id : shown) {
            List<String> details = s.violations().stream()
                    .filter(v -> v.invariant().equals(id))
                    .map(Violation::detail)
                    .toList();
            out.add(new InvariantStatus(id, explanations.getOrDefault(id, id), details));
        }
        return List.copyOf(out);
    }
}
