package org.diolab.engine;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.diolab.engine.invariant.Violation;
import org.diolab.engine.op.Policy;

/** An immutable run: snapshot 0 is the start, each next one follows one event. Scrubbing is picking an index. */
public record Trace(String scenario, Policy policy, List<Snapshot> snapshots) {
    public Trace {
        snapshots = List.copyOf(snapshots);
        if (snapshots.isEmpty()) {
            throw new IllegalArgumentException("a trace has at least its start snapshot");
        }
    }

    public Snapshot get(int index) {
        return snapshots.get(index);
    }

    public int size() {
        return snapshots.size();
    }

    public Snapshot last() {
        return snapshots.getLast();
    }

    /** Each point where an invariant went from holding to violated, in step order. */
    public List<ViolationAt> violationOnsets() {
        List<ViolationAt> out = new ArrayList<>();
        Set<String> before = Set.of();
        for (Snapshot s : snapshots) {
            Set<String> now = new LinkedHashSet<>();
            for (Violation v : s.violations()) {
                if (now.add(v.invariant()) && !before.contains(v.invariant())) {
                    out.add(new ViolationAt(v.invariant(), s.index(), v.detail()));
                }
            }
            before = now;
        }
        return List.copyOf(out);
    }

    /** Names of the invariants violated anywhere in the run, sorted. */
    public Set<String> violatedInvariants() {
        Set<String> names = new TreeSet<>();
        violationOnsets().forEach(v -> names.add(v.invariant()));
        return names;
    }

    /** Index of the first snapshot that violates anything, or -1. */
    public int firstViolationIndex() {
        return snapshots.stream()
                .filter(s -> !s.violations().isEmpty())
                .mapToInt(Snapshot::index)
                .findFirst()
                .orElse(-1);
    }
}
