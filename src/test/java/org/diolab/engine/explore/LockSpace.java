package org.diolab.engine.explore;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.diolab.engine.ActorStatus;
import org.diolab.engine.invariant.Violation;

/**
 * A test double for deadlock detection, since today's storage model cannot block anyone in a cycle: threads run
 * programs of "lock X" / "unlock X" over mutexes. Two threads taking A then B and B then A is Kara's "IO to pages
 * A, B with IO to pages B, A" in miniature.
 */
record LockSpace(Map<String, List<String>> programs) implements StateSpace<LockSpace.State> {
    /** Program counters and who holds each lock. */
    record State(Map<String, Integer> pcs, Map<String, String> holders) {
        State {
            pcs = new TreeMap<>(pcs);
            holders = new TreeMap<>(holders);
        }
    }

    /** {@code LockSpace.of("t1", "lock A, lock B, unlock B, unlock A", "t2", ...)}. */
    static LockSpace of(String... threadAndProgram) {
        Map<String, List<String>> p = new LinkedHashMap<>();
        for (int i = 0; i < threadAndProgram.length; i += 2) {
            p.put(threadAndProgram[i], List.of(threadAndProgram[i + 1].split(", ")));
        }
        return new LockSpace(p);
    }

    @Override
    public State initial() {
        return new State(Map.of(), Map.of());
    }

    @Override
    public List<String> actors() {
        return new ArrayList<>(programs.keySet());
    }

    @Override
    public ActorStatus status(State s, String actor) {
        List<String> program = programs.get(actor);
        int pc = s.pcs().getOrDefault(actor, 0);
        if (pc >= program.size()) {
            return new ActorStatus.Idle();
        }
        String[] op = program.get(pc).split(" ");
        String holder = s.holders().get(op[1]);
        if (op[0].equals("lock") && holder != null) {
            return new ActorStatus.Blocked(
                    program.get(pc), "waits for lock " + op[1] + " held by " + holder, List.of(holder));
        }
        return new ActorStatus.Ready(program.get(pc));
    }

    @Override
    public State step(State s, String actor) {
        int pc = s.pcs().getOrDefault(actor, 0);
        String[] op = programs.get(actor).get(pc).split(" ");
        Map<String, Integer> pcs = new TreeMap<>(s.pcs());
        pcs.put(actor, pc + 1);
        Map<String, String> holders = new TreeMap<>(s.holders());
        if (op[0].equals("lock")) {
            holders.put(op[1], actor);
        } else {
            holders.remove(op[1]);
        }
        return new State(pcs, holders);
    }

    @Override
    public List<Violation> violations(State s) {
        return List.of();
    }
}
