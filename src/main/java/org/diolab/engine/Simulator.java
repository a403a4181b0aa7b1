package org.diolab.engine;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Predicate;
import org.diolab.engine.invariant.Invariant;
import org.diolab.engine.invariant.Violation;
import org.diolab.engine.op.Expander;
import org.diolab.engine.op.Operation;
import org.diolab.engine.op.Policy;
import org.diolab.engine.step.DeviceSteps;
import org.diolab.engine.step.Instr;
import org.diolab.engine.step.ThreadSteps;
import org.diolab.engine.step.Transition;
import org.diolab.engine.step.Wait;
import org.diolab.engine.step.WorkerSteps;

/**
 * A scenario compiled under one policy: each thread's operations expanded into micro-steps. It answers who can step
 * now and takes one step; schedulers (scripted, random, exhaustive) decide the order.
 */
public final class Simulator {
    private final Scenario scenario;
    private final Policy policy;
    private final Map<String, List<Instr>> programs = new LinkedHashMap<>();
    private final List<String> devices;
    private final java.util.Set<String> deviceSet;
    private final List<String> actors;
    private final List<Invariant> invariants;

    /** @throws TooLarge if the scenario is larger than the simulator takes ({@link ScenarioSize}) */
    public Simulator(Scenario scenario, Policy policy) {
        ScenarioSize.check(scenario);
        this.scenario = scenario;
        this.policy = policy;
        for (ActorSpec t : scenario.threads()) {
            List<Instr> program = new ArrayList<>();
            for (Operation op : t.ops()) {
                program.addAll(Expander.expand(op, policy, scenario.initial()));
            }
            programs.put(t.id(), List.copyOf(program));
        }
        List<String> queues = new ArrayList<>(scenario.initial().devices().keySet());
        if (programs.values().stream().flatMap(List::stream).anyMatch(Simulator::queuesCsum)) {
            queues.add(WorkerSteps.KWORKER);
        }
        this.devices = List.copyOf(queues);
        this.deviceSet = new java.util.HashSet<>(queues);
        List<String> all = new ArrayList<>(programs.keySet());
        all.addAll(devices);
        this.actors = List.copyOf(all);
        this.invariants = Invariant.all();
    }

    public Scenario scenario() {
        return scenario;
    }

    public Policy policy() {
        return policy;
    }

    public SimState initial() {
        return new SimState(scenario.initial(), new TreeMap<>());
    }

    /** Threads in declared order, then devices, then the checksum kworker if the policy uses one. */
    public List<String> actors() {
        return actors;
    }

    /** Whether the actor serves a queue (a device's DMA engine, or the checksum kworker) rather than run a program. */
    public boolean isDevice(String actor) {
        return deviceSet.contains(actor);
    }

    /** The micro-steps a thread runs under this simulator's policy. */
    public List<Instr> program(String thread) {
        List<Instr> p = programs.get(thread);
        if (p == null) {
            throw new IllegalArgumentException("no thread " + thread + " (threads: " + programs.keySet() + ")");
        }
        return p;
    }

    public ActorStatus status(SimState s, String actor) {
        if (actor.equals(WorkerSteps.KWORKER) && isDevice(actor)) {
            return WorkerSteps.hasWork(s.world()) ? new ActorStatus.Ready("csum-work") : new ActorStatus.Idle();
        }
        if (isDevice(actor)) {
            return DeviceSteps.hasWork(s.world(), actor) ? new ActorStatus.Ready("dma") : new ActorStatus.Idle();
        }
        List<Instr> program = program(actor);
        int pc = nextPc(s, actor);
        if (pc >= program.size()) {
            return new ActorStatus.Idle();
        }
        Instr next = program.get(pc);
        Optional<Wait> wait = ThreadSteps.blockedReason(s.world(), actor, next);
        return wait.<ActorStatus>map(r -> new ActorStatus.Blocked(next.label(), r.reason(), r.waitsFor()))
                .orElseGet(() -> new ActorStatus.Ready(next.label()));
    }

    public List<String> ready(SimState s) {
        return actors().stream()
                .filter(a -> status(s, a) instanceof ActorStatus.Ready)
                .toList();
    }

    /** Every thread has run its program and every device queue is empty. */
    public boolean finished(SimState s) {
        return actors().stream().allMatch(a -> status(s, a) instanceof ActorStatus.Idle);
    }

    /** Takes the next step of a ready actor. */
    public Step step(SimState s, String actor) {
        if (!(status(s, actor) instanceof ActorStatus.Ready ready)) {
            throw new IllegalStateException(actor + " cannot step now: " + status(s, actor));
        }
        return stepReady(s, actor, ready);
    }

    /**
     * {@link #step}, for a caller that has just been told {@code ready} by {@link #status} in this very state (the
     * explorer, for each successor): it does not ask again.
     */
    public Step stepReady(SimState s, String actor, ActorStatus.Ready ready) {
        if (isDevice(actor)) {
            Transition t = actor.equals(WorkerSteps.KWORKER)
                    ? WorkerSteps.serve(s.world())
                    : DeviceSteps.serve(s.world(), actor);
            SimState next = new SimState(t.world(), s.pcs());
            return new Step(next, new Event(EventKind.STEP, actor, ready.label(), t.action()), t);
        }
        int pc = nextPc(s, actor);
        Instr instr = program(actor).get(pc);
        Transition t = ThreadSteps.apply(s.world(), actor, instr);
        return new Step(
                s.withPc(actor, pc + 1, t.world()), new Event(EventKind.STEP, actor, instr.label(), t.action()), t);
    }

    /**
     * The state {@link #stepReady} leads to, without the step's description or event: for the explorer, which takes
     * millions of steps and reads only where they lead.
     */
    public SimState successor(SimState s, String actor, ActorStatus.Ready ready) {
        if (isDevice(actor)) {
            Transition t = actor.equals(WorkerSteps.KWORKER)
                    ? WorkerSteps.serve(s.world())
                    : DeviceSteps.serve(s.world(), actor);
            return new SimState(t.world(), s.pcs());
        }
        int pc = nextPc(s, actor);
        return s.withPc(
                actor,
                pc + 1,
                ThreadSteps.apply(s.world(), actor, program(actor).get(pc)).world());
    }

    /**
     * Index in {@link #program} of the thread's next instruction that applies, skipping {@link Instr.When}s whose
     * condition is false; {@code program(thread).size()} when it is done. Views use it to mark the step that
     * {@link #status} names.
     */
    public int nextPc(SimState s, String thread) {
        List<Instr> program = program(thread);
        int pc = s.pc(thread);
        while (pc < program.size() && !ThreadSteps.applies(s.world(), program.get(pc))) {
            pc++;
        }
        return pc;
    }

    private static boolean queuesCsum(Instr i) {
        return i instanceof Instr.QueueCsum || (i instanceof Instr.When w && queuesCsum(w.inner()));
    }

    public List<Violation> violations(SimState s) {
        return violations(s, id -> true);
    }

    /** The violations of the invariants {@code wanted} names; the explorer stops asking about those it has found. */
    public List<Violation> violations(SimState s, Predicate<String> wanted) {
        List<Violation> out = new ArrayList<>();
        for (Invariant inv : invariants) {
            if (wanted.test(inv.id()) && inv.brokenIn(s.world())) {
                out.addAll(inv.check(s.world()));
            }
        }
        return out;
    }

    /** The result of one step: the next state and what happened. */
    public record Step(SimState next, Event event, Transition transition) {}
}
