package org.diolab.engine.explore;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.diolab.bench.ScaleScenarios;
import org.diolab.engine.ActorStatus;
import org.diolab.engine.SimState;
import org.diolab.engine.Simulator;
import org.diolab.engine.op.Policy;

/** Development aid: how big the persistent sets are in a scenario, and examples of states expanded fully. */
public final class PorDiagnostics {
    public static void main(String[] args) {
        Simulator sim = args[0].matches("\\d+")
                ? new Simulator(ScaleScenarios.raid1(Integer.parseInt(args[0]), 2, 1, true), Policy.ZERO_COPY)
                : org.diolab.lesson.LessonLoader.loadBundled().find(args[0]).orElseThrow()
                .simulator(Policy.byId(args[2]).orElseThrow());
        SimulatorSpace space = new SimulatorSpace(sim);
        PersistentSets ps = new PersistentSets(sim);
        SimStateStore store = new SimStateStore(space.threads());
        store.addIfAbsent(space.initial());
        Map<String, Integer> hist = new TreeMap<>();
        int shown = 0;
        for (int id = 0; id < store.size(); id++) {
            SimState s = store.get(id);
            List<ActorStatus> st = new ArrayList<>();
            for (String a : space.actors()) {
                st.add(space.status(s, a));
            }
            boolean[] amp = ps.ample(s, st);
            int ready = 0;
            int chosen = 0;
            for (int a = 0; a < amp.length; a++) {
                ready += st.get(a) instanceof ActorStatus.Ready ? 1 : 0;
                chosen += amp[a] ? 1 : 0;
            }
            hist.merge(ready + "->" + chosen, 1, Integer::sum);
            if (chosen > 1 && shown < Integer.parseInt(args[1])) {
                shown++;
                StringBuilder sb = new StringBuilder("state " + id + ":");
                for (int a = 0; a < amp.length; a++) {
                    sb.append(' ').append(space.actors().get(a)).append('=').append(label(st.get(a)))
                            .append(amp[a] ? "*" : "");
                }
                System.out.println(sb);
            }
            for (int a = 0; a < amp.length; a++) {
                if (amp[a]) {
                    store.addIfAbsent(space.step(s, space.actors().get(a)));
                }
            }
        }
        System.out.println("states " + store.size() + " ready->chosen " + hist);
    }

    private static String label(ActorStatus s) {
        return switch (s) {
            case ActorStatus.Ready r -> r.label();
            case ActorStatus.Blocked b -> "(" + b.label() + ")";
            case ActorStatus.Idle i -> "-";
        };
    }
}
