package org.diolab.app.stage.cast;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.diolab.engine.ActorStatus;
import org.diolab.engine.EventKind;
import org.diolab.engine.Simulator;
import org.diolab.engine.Snapshot;
import org.diolab.engine.Trace;
import org.diolab.engine.step.Instr;
import org.diolab.engine.step.ThreadSteps;
import org.diolab.engine.step.WorkerSteps;

/**
 * The lanes of one run at each of its steps. A lane shows the path this run takes through the thread's program: steps
 * taken, the next one (the very step its status names), steps still to come, and branches not taken folded into one
 * chip. The run is read once, when this object is made, so moving along it only picks an index.
 */
public final class LanePaths {
    private final Simulator sim;
    private final Trace trace;
    private final UnaryOperator<String> titles;
    /** Per thread: the snapshot index at which each instruction ran, or -1 if it never runs in this trace. */
    private final Map<String, int[]> ranAt = new HashMap<>();

    /** Per thread: whether it is asleep at each snapshot (see {@link #asleep}). */
    private final Map<String, boolean[]> asleep = new HashMap<>();

    private final boolean complete;

    /**
     * @param titles a thread's title by id (the lesson's words for it)
     */
    public LanePaths(Simulator sim, Trace trace, UnaryOperator<String> titles) {
        this.sim = sim;
        this.trace = trace;
        this.titles = titles;
        for (String a : sim.actors()) {
            if (!sim.isDevice(a)) {
                int[] at = new int[sim.program(a).size()];
                Arrays.fill(at, -1);
                ranAt.put(a, at);
            }
        }
        for (int k = 1; k < trace.size(); k++) {
            Snapshot s = trace.get(k);
            int[] at = ranAt.get(s.event().actor());
            if (s.event().kind() == EventKind.STEP && at != null) {
                at[s.state().pc(s.event().actor()) - 1] = k;
            }
        }
        for (String a : ranAt.keySet()) {
            asleep.put(a, asleep(a));
        }
        Snapshot end = trace.last();
        complete = sim.finished(end.state()) || end.event().kind() == EventKind.DEADLOCK;
    }

    /**
     * Whether the thread sleeps at each snapshot: it can not go on, and it has gone to sleep — the script found it
     * waiting (a BLOCKED event), it is queued on i_rwsem, its own step left it waiting for I/O it submitted (for a
     * device or the checksum kworker), or the run is over because nobody can go on (DEADLOCK). A thread that another's
     * step merely stopped from going on has not tried yet: T1 does not wait for B the moment T2 pins it, only when T1
     * asks for B.
     */
    private boolean[] asleep(String a) {
        boolean[] out = new boolean[trace.size()];
        for (int k = 1; k < trace.size(); k++) {
            Snapshot s = trace.get(k);
            if (!(sim.status(s.state(), a) instanceof ActorStatus.Blocked b)) {
                continue;
            }
            boolean mine = s.event().actor().equals(a);
            boolean found = mine && s.event().kind() == EventKind.BLOCKED;
            boolean forIo = mine
                    && s.event().kind() == EventKind.STEP
                    && !b.waitsFor().isEmpty()
                    && b.waitsFor().stream().allMatch(sim::isDevice);
            boolean queued = s.state().world().inode().rwsem().queue().stream()
                    .anyMatch(w -> w.actor().equals(a));
            out[k] = found || forIo || queued || s.event().kind() == EventKind.DEADLOCK || out[k - 1];
        }
        return out;
    }

    public List<ActorLane> at(int index) {
        Snapshot s = trace.get(index);
        List<ActorLane> out = new ArrayList<>();
        for (String a : sim.actors()) {
            out.add(lane(s, a));
        }
        return List.copyOf(out);
    }

    private ActorLane lane(Snapshot s, String a) {
        ActorStatus status = sim.status(s.state(), a);
        boolean device = sim.isDevice(a);
        ActorRole role = a.equals(WorkerSteps.KWORKER) && device
                ? ActorRole.WORKER
                : device ? ActorRole.DEVICE : ActorRole.THREAD;
        String title = switch (role) {
            case WORKER -> "kworker running btrfs checksum work";
            case DEVICE -> "device " + a + " (its DMA engine)";
            case THREAD -> titles.apply(a);
        };
        List<StepChip> chips = device ? List.of() : chips(s, a, status);
        return switch (status) {
            case ActorStatus.Ready r ->
                new ActorLane(a, title, role, chips, LaneState.READY, "next: " + r.label(), List.of());
            case ActorStatus.Blocked b ->
                asleep.containsKey(a) && asleep.get(a)[s.index()]
                        ? new ActorLane(a, title, role, chips, LaneState.BLOCKED, b.reason(), b.waitsFor())
                        : new ActorLane(a, title, role, chips, LaneState.READY, "next: " + b.label(), List.of());
            case ActorStatus.Idle i ->
                device
                        ? new ActorLane(a, title, role, chips, LaneState.IDLE, "queue empty", List.of())
                        : new ActorLane(a, title, role, chips, LaneState.DONE, done(s, a), List.of());
        };
    }

    private List<StepChip> chips(Snapshot s, String a, ActorStatus status) {
        List<Instr> program = sim.program(a);
        int[] at = ranAt.get(a);
        int next = status instanceof ActorStatus.Idle ? -1 : sim.nextPc(s.state(), a);
        List<StepChip> out = new ArrayList<>();
        List<String> folded = new ArrayList<>();
        for (int j = 0; j < program.size(); j++) {
            ChipState state = state(s, program.get(j), at[j], j, next);
            if (state == ChipState.SKIPPED) {
                folded.add(program.get(j).label());
                continue;
            }
            if (!folded.isEmpty()) {
                out.add(StepChip.skipped(folded));
                folded.clear();
            }
            out.add(StepChip.of(program.get(j).label(), state));
        }
        if (!folded.isEmpty()) {
            out.add(StepChip.skipped(folded));
        }
        return out;
    }

    private ChipState state(Snapshot s, Instr instr, int ranAt, int j, int next) {
        if (ranAt >= 1 && ranAt <= s.index()) {
            return ChipState.DONE;
        }
        if (j == next) {
            return ChipState.NEXT;
        }
        if (ranAt > s.index()) {
            return ChipState.TODO;
        }
        if (complete || (next >= 0 && j < next) || next < 0) {
            return ChipState.SKIPPED; // the run is known and never takes it, or it was passed over already
        }
        return ThreadSteps.applies(s.state().world(), instr) ? ChipState.TODO : ChipState.MAYBE;
    }

    /** What the thread's last system call returned, or nothing to add to "done". */
    private static String done(Snapshot s, String actor) {
        return s.state().world().results().stream()
                .filter(r -> r.actor().equals(actor))
                .reduce((a, b) -> b)
                .map(r -> r.op() + " returned " + (r.outcome().equals("ok") ? r.detail() : r.outcome()))
                .orElse("");
    }
}
