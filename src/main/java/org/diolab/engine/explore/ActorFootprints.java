package org.diolab.engine.explore;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.diolab.engine.SimState;
import org.diolab.engine.Simulator;
import org.diolab.engine.model.CsumWork;
import org.diolab.engine.model.World;
import org.diolab.engine.step.Instr;
import org.diolab.engine.step.ThreadSteps;
import org.diolab.engine.step.WorkerSteps;

/**
 * The footprints of a simulator's actors in a state: of the step each would take now ({@link #next}), of what decides
 * whether it may take it ({@link #guard}), and of every step it may still take ({@link #future}). A thread's future is
 * the rest of its program; a device's is the DMA of every bio queued on it or that some thread may still submit to it;
 * the checksum kworker's, every work item queued or still to be queued.
 *
 * <p>The explorer asks for these in every state, so what depends only on a program counter is computed once, and
 * what depends on the state is remembered by what it depends on: a thread's next step by its pc and the instruction
 * its Whens select, a device's by the bios queued on it.
 */
final class ActorFootprints {
    private final Simulator sim;
    private final InstrFootprints instrs;
    private final Resources res;
    private final List<String> actors;
    private final boolean[] device;
    private final int kworker;
    /** Per thread (by actor index), its program; null for devices. */
    private final List<List<Instr>> programs = new ArrayList<>();
    /**
     * Per thread (by actor index), the union of its program's footprints from each pc to the end, as a one-part list
     * made once: the explorer asks for every actor's future in every state.
     */
    private final List<List<List<Part>>> threadFutureParts = new ArrayList<>();
    /** Per device and thread (by actor index), the DMAs of the bios the thread may still submit to it, from each pc. */
    private final Part[][][] pending;
    /** Per thread, the checksum work it may still queue, from each pc. */
    private final Part[][] workPending;

    private final Footprint allWork;
    private final Footprint[] deviceGuard;
    /** Per device, what it serves and will serve with this queue. */
    private final List<Map<List<String>, Footprint>> queued = new ArrayList<>();

    private final Map<Long, Footprint> threadNext = new HashMap<>();
    private final Map<GuardKey, Footprint> threadGuard = new HashMap<>();

    private record GuardKey(int actor, int pc, int next, Footprint blockers) {}

    ActorFootprints(Simulator sim, Resources res) {
        this.sim = sim;
        this.res = res;
        this.instrs = new InstrFootprints(res, ScenarioFacts.of(sim));
        this.actors = sim.actors();
        int n = actors.size();
        this.device = new boolean[n];
        int kw = -1;
        for (int a = 0; a < n; a++) {
            device[a] = sim.isDevice(actors.get(a));
            if (device[a] && actors.get(a).equals(WorkerSteps.KWORKER)) {
                kw = a;
            }
            programs.add(device[a] ? null : sim.program(actors.get(a)));
            queued.add(new HashMap<>());
        }
        this.kworker = kw;
        this.pending = new Part[n][n][];
        this.workPending = new Part[n][];
        this.deviceGuard = new Footprint[n];
        Resources.Builder work = res.builder();
        for (int a = 0; a < n; a++) {
            if (!device[a]) {
                precompute(a, programs.get(a), work);
            } else if (a != kworker) {
                deviceGuard[a] =
                        res.builder().read(Resources.queueTail(actors.get(a))).build();
            }
        }
        this.allWork = work.build();
        if (kworker >= 0) {
            deviceGuard[kworker] = allWork;
        }
    }

    InstrFootprints instrs() {
        return instrs;
    }

    private void precompute(int a, List<Instr> program, Resources.Builder allWorkIds) {
        int n = program.size();
        Footprint[] future = new Footprint[n + 1];
        Footprint[] work = new Footprint[n + 1];
        Map<Integer, Footprint[]> dev = new HashMap<>();
        for (int d = 0; d < actors.size(); d++) {
            if (device[d]) {
                Footprint[] f = new Footprint[n + 1];
                f[n] = Footprint.NONE;
                dev.put(d, f);
            }
        }
        future[n] = Footprint.NONE;
        work[n] = Footprint.NONE;
        for (int pc = n - 1; pc >= 0; pc--) {
            Instr i = program.get(pc);
            future[pc] = future[pc + 1].union(instrs.step(i));
            Instr inner = ScenarioFacts.unwrap(i);
            work[pc] = work[pc + 1];
            if (inner instanceof Instr.QueueCsum q) {
                work[pc] = work[pc].union(instrs.csumWork(q.bio()));
                allWorkIds.read(Resources.work(q.bio() + ".csum"));
            }
            for (Map.Entry<Integer, Footprint[]> e : dev.entrySet()) {
                Footprint[] f = e.getValue();
                f[pc] = f[pc + 1];
                if (inner instanceof Instr.SubmitBio s && submitsTo(s.bio(), actors.get(e.getKey()))) {
                    f[pc] = f[pc].union(instrs.dma(s.bio(), actors.get(e.getKey())));
                }
            }
        }
        List<List<Part>> asParts = new ArrayList<>(n + 1);
        for (Footprint f : future) {
            asParts.add(List.of(new Part(f, a)));
        }
        while (threadFutureParts.size() < a) {
            threadFutureParts.add(List.of());
        }
        threadFutureParts.add(a, List.copyOf(asParts));
        workPending[a] = parts(work, a);
        dev.forEach((d, f) -> pending[d][a] = parts(f, a));
    }

    /** The non-empty footprints as parts owned by {@code actor}, null where empty. */
    private static Part[] parts(Footprint[] byPc, int actor) {
        Part[] out = new Part[byPc.length];
        for (int pc = 0; pc < byPc.length; pc++) {
            out[pc] = byPc[pc].isEmpty() ? null : new Part(byPc[pc], actor);
        }
        return out;
    }

    private boolean submitsTo(String bio, String device) {
        return !device.equals(WorkerSteps.KWORKER)
                && instrs.facts().devices(bio).contains(device);
    }

    /** The step {@code actor} would take now (it must not be idle at the end of its program or queue). */
    Footprint next(SimState s, int actor) {
        if (instrs.facts().unmodelled()) {
            return Footprint.ANY;
        }
        World w = s.world();
        if (actor == kworker) {
            return w.work().values().stream()
                    .filter(k -> !k.done())
                    .findFirst()
                    .map(k -> instrs.csumWork(k.bio()).union(allWork))
                    .orElse(allWork);
        }
        String a = actors.get(actor);
        if (device[actor]) {
            List<String> queue = w.device(a).queue();
            return queue.isEmpty()
                    ? deviceGuard[actor]
                    : instrs.dma(w.bio(queue.getFirst()).parent(), a);
        }
        int pc = s.pc(a);
        int j = firstApplying(w, actor, pc);
        long key = ((long) actor << 40) | ((long) pc << 20) | j;
        Footprint f = threadNext.get(key);
        if (f == null) {
            List<Instr> program = programs.get(actor);
            Resources.Builder b = res.builder();
            for (int k = pc; k < j; k++) {
                b.include(instrs.guard(program.get(k)));
            }
            if (j < program.size()) {
                b.include(instrs.step(program.get(j)));
            }
            f = b.build();
            threadNext.put(key, f);
        }
        return f;
    }

    /** What decides whether {@code actor} can step now: for a thread, also the marks that select its next step. */
    Footprint guard(SimState s, int actor) {
        if (instrs.facts().unmodelled()) {
            return Footprint.ANY;
        }
        if (device[actor]) {
            return deviceGuard[actor]; // an idle device waits for a submission; the kworker for queued work
        }
        String a = actors.get(actor);
        List<Instr> program = programs.get(actor);
        int pc = s.pc(a);
        int j = firstApplying(s.world(), actor, pc);
        // the step the thread takes next decides by what it waits on; those skipped before it, by their marks
        Footprint blockers = j < program.size() ? instrs.blockers(s.world(), a, program.get(j)) : Footprint.NONE;
        GuardKey key = new GuardKey(actor, pc, j, blockers);
        Footprint f = threadGuard.get(key);
        if (f == null) {
            Resources.Builder b = res.builder();
            for (int k = pc; k < j; k++) {
                b.include(instrs.guard(program.get(k)));
            }
            f = b.include(blockers).build();
            threadGuard.put(key, f);
        }
        return f;
    }

    /** The first instruction from {@code pc} on that applies (its Whens hold), or the program's end. */
    private int firstApplying(World w, int actor, int pc) {
        List<Instr> program = programs.get(actor);
        int j = pc;
        while (j < program.size() && !ThreadSteps.applies(w, program.get(j))) {
            j++;
        }
        return j;
    }

    /**
     * Every step {@code actor} may still take, from this state on, each part with the actor who decides whether it
     * happens. A thread's future is its own. A device's DMAs of bios queued now are its own; the DMA of a bio some
     * thread has yet to submit cannot happen before that thread submits it, so that part is the thread's: the
     * reduction then considers the thread, not every other bio the device will serve.
     */
    List<Part> future(SimState s, int actor) {
        if (instrs.facts().unmodelled()) {
            return List.of(new Part(Footprint.ANY, actor));
        }
        String a = actors.get(actor);
        World w = s.world();
        if (!device[actor]) {
            List<List<Part>> future = threadFutureParts.get(actor);
            return future.get(Math.min(s.pc(a), future.size() - 1));
        }
        List<Part> parts = new ArrayList<>();
        parts.add(new Part(own(w, actor), actor));
        for (int t = 0; t < actors.size(); t++) {
            if (!device[t]) {
                Part[] byPc = actor == kworker ? workPending[t] : pending[actor][t];
                Part p = byPc[Math.min(s.pc(actors.get(t)), byPc.length - 1)];
                if (p != null) {
                    parts.add(p);
                }
            }
        }
        return parts;
    }

    /** What a device (or the kworker) will do with what is queued on it now. */
    private Footprint own(World w, int actor) {
        Footprint own = deviceGuard[actor];
        if (actor == kworker) {
            for (CsumWork k : w.work().values()) {
                if (!k.done()) {
                    own = own.union(instrs.csumWork(k.bio()));
                }
            }
            return own;
        }
        String a = actors.get(actor);
        List<String> queue = w.device(a).queue();
        Footprint f = queued.get(actor).get(queue);
        if (f == null) {
            f = own;
            for (String clone : queue) {
                f = f.union(instrs.dma(w.bio(clone).parent(), a));
            }
            queued.get(actor).put(queue, f);
        }
        return f;
    }

    /** Part of an actor's future, and the actor whose step must come first for it to happen. */
    record Part(Footprint footprint, int actor) {}

    /** The actors, in actor order. */
    List<String> actors() {
        return new ArrayList<>(actors);
    }
}
