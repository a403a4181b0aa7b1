package org.diolab.lesson;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.diolab.engine.Scenario;
import org.diolab.engine.Simulator;
import org.diolab.engine.op.Policy;
import org.diolab.engine.step.Instr;
import org.diolab.engine.step.WorkerSteps;

/**
 * Which step labels each actor has under each of a lesson's policies, so scripts and narration can be checked against
 * what the engine will actually run.
 */
final class StepCatalog {
    private final Map<Policy, Map<String, Set<String>>> labels = new LinkedHashMap<>();
    private final List<String> actors;
    private Set<String> incomplete = Set.of();

    StepCatalog(Scenario scenario, List<Policy> policies) {
        java.util.LinkedHashSet<String> all = new java.util.LinkedHashSet<>();
        for (Policy p : policies) {
            Simulator sim = new Simulator(scenario, p);
            all.addAll(sim.actors());
            Map<String, Set<String>> byActor = new LinkedHashMap<>();
            for (String a : sim.actors()) {
                Set<String> ls = new TreeSet<>();
                if (a.equals(WorkerSteps.KWORKER)) {
                    ls.add("csum-work");
                } else if (sim.isDevice(a)) {
                    ls.add("dma");
                } else {
                    sim.program(a).stream().map(Instr::label).forEach(ls::add);
                }
                byActor.put(a, ls);
            }
            labels.put(p, byActor);
        }
        this.actors = List.copyOf(all);
    }

    List<String> actors() {
        return actors;
    }

    /**
     * Actors with an operation that did not parse: their steps are not judged, since the steps the broken operation
     * would have brought are unknown; its own problem says what to fix ("unknown operation 'dio_writ'"), once.
     */
    StepCatalog withIncomplete(Set<String> actors) {
        this.incomplete = Set.copyOf(actors);
        return this;
    }

    /** The labels {@code actor} takes under any of the policies. */
    Set<String> labels(String actor) {
        Set<String> out = new TreeSet<>();
        labels.values().forEach(m -> out.addAll(m.getOrDefault(actor, Set.of())));
        return out;
    }

    /** A message if {@code actor.label} occurs under no policy ({@code *} matches any step), else {@code null}. */
    String unknownStep(String actor, String label) {
        if (!actors.contains(actor)) {
            return "unknown actor '" + actor + "'";
        }
        if (label.equals("*")
                || incomplete.contains(actor)
                || labels.values().stream()
                        .anyMatch(m -> m.getOrDefault(actor, java.util.Set.of()).contains(label))) {
            return null;
        }
        return "actor '" + actor + "' has no step '" + label + "' under any policy";
    }

    /**
     * Policies under which {@code actor} exists but never takes a step labelled {@code label}. (Under a policy
     * without the actor at all — the checksum kworker under synchronous checksums — the script line is skipped.)
     */
    List<Policy> missingUnder(String actor, String label, List<Policy> among) {
        List<Policy> out = new ArrayList<>();
        if (incomplete.contains(actor)) {
            return out;
        }
        labels.forEach((p, m) -> {
            if (among.contains(p) && m.containsKey(actor) && !m.get(actor).contains(label)) {
                out.add(p);
            }
        });
        return out;
    }

    /**
     * What to do about a label {@code actor} takes under some of {@code among} but not under {@code missing}: restrict
     * the line to the policies that have it, or use a label every one of them has. Never the rejected name itself.
     */
    String missingHint(String actor, String label, List<Policy> among, List<Policy> missing) {
        List<String> having = among.stream()
                .filter(p -> !missing.contains(p))
                .filter(p -> labels.get(p).getOrDefault(actor, Set.of()).contains(label))
                .map(Policy::id)
                .toList();
        Set<String> common = null;
        for (Policy p : among) {
            Set<String> ls = labels.get(p).get(actor);
            if (ls == null) {
                continue;
            }
            if (common == null) {
                common = new TreeSet<>(ls);
            } else {
                common.retainAll(ls);
            }
        }
        String everywhere = common == null || common.isEmpty()
                ? ""
                : "; steps it takes under every policy: " + String.join(", ", common);
        if (!having.isEmpty()) {
            String only = having.size() == 1 ? having.getFirst() : "[" + String.join(", ", having) + "]";
            return "'" + label + "' happens only under " + String.join(", ", having) + ": add 'policy: " + only
                    + "' to the line" + everywhere;
        }
        return Suggest.hint(label, common == null ? Set.of() : common);
    }

    String hint(String actor, String label) {
        if (!actors.contains(actor)) {
            return Suggest.hint(actor, actors);
        }
        Set<String> known = new TreeSet<>();
        labels.values().forEach(m -> known.addAll(m.getOrDefault(actor, Set.of())));
        return Suggest.hint(label, known);
    }
}
