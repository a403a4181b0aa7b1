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
 */
final class ActorFootprints {
    private final Simulator sim;
    private final InstrFootprints instrs;
    private final Resources res;
    private final List<String> actors;
    /** Per thread (by actor index), the union of its program's footprints from each pc to the end. */
    private final Map<Integer, Footprint[]> threadFuture = new HashMap<>();
    /** Per thread and device, the DMAs of the bios the thread may still submit, from each pc. */
    private final Map<Integer, Map<String, Footprint[]>> deviceFuture = new HashMap<>();
    /** Per thread, the checksum work it may still queue, from each pc. */
    private final Map<Integer, Footprint[]> workFuture = new HashMap<>();

    private final Footprint allWork;

    ActorFootprints(Simulator sim, Resources res) {
        this.sim = sim;
        this.res = res;
        this.instrs = new InstrFootprints(res, ScenarioFacts.of(sim));
        this.actors = sim.actors();
        Resources.Builder work = res.builder();
        for (int a = 0; a < actors.size(); a++) {
            if (!sim.isDevice(actors.get(a))) {
                precompute(a, sim.program(actors.get(a)), work);
            }
        }
        this.allWork = work.build();
    }

    InstrFootprints instrs() {
        return instrs;
    }

    private void precompute(int a, List<Instr> program, Resources.Builder allWorkIds) {
        int n = program.size();
        Footprint[] future = new Footprint[n + 1];
        Footprint[] work = new Footprint[n + 1];
        Map<String, Footprint[]> dev = new HashMap<>();
        for (String d : actors) {
            if (sim.isDevice(d)) {
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
            for (Map.Entry<String, Footprint[]> e : dev.entrySet()) {
                Footprint[] f = e.getValue();
                f[pc] = f[pc + 1];
                if (inner instanceof Instr.SubmitBio s && submitsTo(s.bio(), e.getKey())) {
                    f[pc] = f[pc].union(instrs.dma(s.bio(), e.getKey()));
                }
            }
        }
        threadFuture.put(a, future);
        workFuture.put(a, work);
        deviceFuture.put(a, dev);
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
        String a = actors.get(actor);
        World w = s.world();
        if (a.equals(WorkerSteps.KWORKER) && sim.isDevice(a)) {
            return w.work().values().stream()
                    .filter(k -> !k.done())
                    .findFirst()
                    .map(k -> instrs.csumWork(k.bio()).union(allWork))
                    .orElse(allWork);
        }
        if (sim.isDevice(a)) {
            List<String> queue = w.device(a).queue();
            return queue.isEmpty()
                    ? guard(s, actor)
                    : instrs.dma(w.bio(queue.getFirst()).parent(), a);
        }
        return threadNext(s, a);
    }

    /** What decides whether {@code actor} can step now: for a thread, also the marks that select its next step. */
    Footprint guard(SimState s, int actor) {
        if (instrs.facts().unmodelled()) {
            return Footprint.ANY;
        }
        String a = actors.get(actor);
        if (a.equals(WorkerSteps.KWORKER) && sim.isDevice(a)) {
            return allWork;
        }
        if (sim.isDevice(a)) {
            return res.builder().read(Resources.queueTail(a)).build(); // an idle device waits for a submission
        }
        List<Instr> program = sim.program(a);
        Resources.Builder b = res.builder();
        for (int pc = s.pc(a); pc < program.size(); pc++) {
            Instr i = program.get(pc);
            if (ThreadSteps.applies(s.world(), i)) {
                // the step the thread takes next; those skipped before it were decided by their marks
                return b.include(instrs.blockers(s.world(), a, i)).build();
            }
            b.include(instrs.guard(i));
        }
        return b.build();
    }

    private Footprint threadNext(SimState s, String a) {
        List<Instr> program = sim.program(a);
        Resources.Builder b = res.builder();
        for (int pc = s.pc(a); pc < program.size(); pc++) {
            Instr i = program.get(pc);
            if (ThreadSteps.applies(s.world(), i)) {
                return b.include(instrs.step(i)).build();
            }
            b.include(instrs.guard(i));
        }
        return b.build();
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
        if (!sim.isDevice(a)) {
            Footprint[] future = threadFuture.get(actor);
            return List.of(new Part(future[Math.min(s.pc(a), future.length - 1)], actor));
        }
        boolean kworker = a.equals(WorkerSteps.KWORKER);
        List<Part> parts = new ArrayList<>();
        Footprint own = guard(s, actor);
        if (kworker) {
            for (CsumWork k : w.work().values()) {
                if (!k.done()) {
                    own = own.union(instrs.csumWork(k.bio()));
                }
            }
        } else {
            for (String clone : w.device(a).queue()) {
                own = own.union(instrs.dma(w.bio(clone).parent(), a));
            }
        }
        parts.add(new Part(own, actor));
        for (int t = 0; t < actors.size(); t++) {
            if (!sim.isDevice(actors.get(t))) {
                int pc = Math.min(s.pc(actors.get(t)), threadFuture.get(t).length - 1);
                Footprint pending =
                        kworker ? workFuture.get(t)[pc] : deviceFuture.get(t).get(a)[pc];
                if (!pending.isEmpty()) {
                    parts.add(new Part(pending, t));
                }
            }
        }
        return parts;
    }

    /** Part of an actor's future, and the actor whose step must come first for it to happen. */
    record Part(Footprint footprint, int actor) {}

    /** The actors, in actor order. */
    List<String> actors() {
        return new ArrayList<>(actors);
    }
}
