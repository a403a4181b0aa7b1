package org.diolab.engine.explore;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.diolab.bench.ScaleScenarios;
import org.diolab.engine.ActorSpec;
import org.diolab.engine.ActorStatus;
import org.diolab.engine.Scenario;
import org.diolab.engine.SimState;
import org.diolab.engine.Simulator;
import org.diolab.engine.invariant.Violation;
import org.diolab.engine.model.World;
import org.diolab.engine.op.Operation;
import org.diolab.engine.op.Policy;
import org.diolab.engine.step.Instr;
import org.diolab.lesson.Lesson;
import org.diolab.lesson.LessonLoader;
import org.diolab.lesson.PolicyChoice;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Checks the symmetry reduction's premise against what the engine does: swapping two interchangeable units (see
 * {@link Symmetry}) maps the scenario's start to itself, and in every state audited the twin behaves as the state
 * does with the units' roles swapped: the same statuses, the same invariants broken, and each step leads to the twin
 * of where the step leads. States are compared whole, except the logs' order and the words of details (a detail
 * lists legs in the volume's order, which a swap of legs does not reorder; no step or invariant reads either).
 *
 * <p>On every lesson and policy with interchangeable threads, on the RAID1 race grown (readers of their own leg, of
 * a shared leg, one and two pages), and on random scenarios where one thread is doubled (its twin uses its own bios
 * on the same pages). A failure means the engine treats two names differently that Symmetry takes for
 * interchangeable (say, a step picks "the first" of several bios by id): make the step name-blind, or make
 * Symmetry.of see the difference.
 */
class SymmetryAuditTest {
    private static final int MAX_STATES = 8_000;
    private static final int AUDITED = 300;

    @TestFactory
    List<DynamicTest> everyLessonWithInterchangeableThreads() {
        List<DynamicTest> tests = new ArrayList<>();
        for (Lesson lesson : LessonLoader.loadBundled().lessons()) {
            for (PolicyChoice c : lesson.policies()) {
                Simulator sim = new Simulator(lesson.scenario(), c.policy());
                if (!Symmetry.of(sim).trivial()) {
                    tests.add(DynamicTest.dynamicTest(
                            lesson.id() + "." + c.policy().id(), () -> audit(sim)));
                }
            }
        }
        assertThat(tests).as("some lesson has interchangeable readers").isNotEmpty();
        return tests;
    }

    @TestFactory
    List<DynamicTest> theRaid1RaceGrownUnderEveryPolicy() {
        List<DynamicTest> tests = new ArrayList<>();
        // readers of their own leg, of one shared leg, and of two pages; checksummed or not
        int[][] shapes = {{3, 3, 1, 1}, {2, 1, 1, 0}, {2, 2, 2, 1}, {3, 1, 1, 0}};
        for (int[] shape : shapes) {
            {
                boolean nodatasum = shape[3] == 1;
                Scenario sc = ScaleScenarios.raid1(shape[0], shape[1], shape[2], nodatasum);
                for (Policy p : Policy.values()) {
                    Simulator sim = new Simulator(sc, p);
                    tests.add(DynamicTest.dynamicTest(
                            sc.name() + (nodatasum ? "" : " datasum") + " under " + p.id(), () -> {
                                if (!ScenarioFacts.of(sim).unmodelled()) {
                                    assertThat(Symmetry.of(sim).units()).isEqualTo(shape[0]);
                                }
                                audit(sim);
                            }));
                }
            }
        }
        return tests;
    }

    // A fixed jqwik seed, so that CI runs the same scenarios every time (same input, same result), and 200 of them
    // since CI sees no others. A random run on 2026-12-01 found random scenario 235517 doubled breaking the premise:
    // an engine step picked a folio's filler by name order (aFolioLockedAgainHasOneFillerTheThreadThatLockedIt).
    @Property(tries = 200, seed = "4238165661201428313")
    void randomScenariosWithADoubledThread(@ForAll long seed) {
        Scenario s = doubled(RandomScenarios.of(seed));
        Simulator sim = new Simulator(s, RandomScenarios.policy(seed));
        boolean queuesCsum = sim.program(s.threads().getFirst().id()).stream()
                .anyMatch(i -> ScenarioFacts.unwrap(i) instanceof Instr.QueueCsum);
        if (!ScenarioFacts.of(sim).unmodelled() && !queuesCsum) {
            assertThat(Symmetry.of(sim).trivial())
                    .as("%s: the twins are interchangeable", s.name())
                    .isFalse();
        }
        audit(sim);
    }

    /**
     * The counter-example a random run found (random scenario 235517, doubled, under dontcache). t0's read of two
     * blocks found one cached, skipped its I/O and dropped the other's folio while still locked, leaving its fill
     * mark behind; when t0x locked a new folio of that block, both marks stood, and the completion removed the one
     * that sorts first, t0's, whichever thread's read completed. The engine now clears a folio's old fill marks when a
     * reader locks it to fill it, so a folio has one filler, the thread that locked it.
     */
    @Test
    void aFolioLockedAgainHasOneFillerTheThreadThatLockedIt() {
        Simulator sim = new Simulator(doubled(RandomScenarios.of(235517)), RandomScenarios.policy(235517));
        assertThat(sim.policy()).isEqualTo(Policy.DONTCACHE);
        assertThat(Symmetry.of(sim).units()).isEqualTo(2);
        audit(sim);
    }

    @Test
    void threadsThatDifferInWhatTheyStoreAreNotInterchangeable() {
        Scenario base = ScaleScenarios.raid1(0, 2, 1, true);
        List<ActorSpec> threads = new ArrayList<>(base.threads());
        threads.add(new ActorSpec("app3", "another mutator", List.of(new Operation.Store("B0", "CCCC"))));
        Scenario s = new Scenario("two mutators", base.initial(), threads);
        assertThat(Symmetry.of(new Simulator(s, Policy.ZERO_COPY)).trivial()).isTrue();
        threads.set(
                threads.size() - 1,
                new ActorSpec("app3", "another mutator", List.of(new Operation.Store("B0", "BBBB"))));
        Symmetry same = Symmetry.of(new Simulator(new Scenario("twins", base.initial(), threads), Policy.ZERO_COPY));
        assertThat(same.units()).isEqualTo(2);
        assertThat(same.names(0)).containsExactly("app2");
        assertThat(same.names(1)).containsExactly("app3");
    }

    @Test
    void writersWhoseChecksumWorkTheKworkerServesInOrderAreNotInterchangeable() {
        Simulator sim = new Simulator(twoWriters(false), Policy.ASYNC_CSUM);
        assertThat(Symmetry.of(sim).trivial()).isTrue();
        assertThat(Symmetry.of(new Simulator(twoWriters(false), Policy.ZERO_COPY))
                        .units())
                .isEqualTo(2);
    }

    /** Two threads writing pages of the same bytes to block 0 of a two-leg mirror. */
    static Scenario twoWriters(boolean nodatasum) {
        Scenario base = ScaleScenarios.raid1(0, 2, 1, nodatasum);
        java.util.Map<String, org.diolab.engine.model.Page> pages =
                new java.util.TreeMap<>(base.initial().pages());
        pages.put("C0", org.diolab.engine.model.Page.user("C0", "AAAA"));
        World w = World.of(
                pages,
                base.initial().devices(),
                base.initial().volume(),
                base.initial().inode());
        List<ActorSpec> threads = List.of(
                base.threads().getFirst(),
                new ActorSpec(
                        "app3", "another writer", List.of(new Operation.DioWrite("w3", List.of("C0"), 0, false))));
        return new Scenario("two writers", w, threads);
    }

    /** The scenario with its first thread's twin added: the same operations on its own bios. */
    static Scenario doubled(Scenario s) {
        ActorSpec first = s.threads().getFirst();
        List<Operation> ops =
                first.ops().stream().map(SymmetryAuditTest::twinBio).toList();
        List<ActorSpec> threads = new ArrayList<>(s.threads());
        threads.add(new ActorSpec(first.id() + "x", first.title() + " (twin)", ops));
        return new Scenario(s.name() + " doubled", s.initial(), threads);
    }

    private static Operation twinBio(Operation op) {
        return switch (op) {
            case Operation.DioWrite w -> new Operation.DioWrite(w.bio() + "x", w.pages(), w.block(), w.nowait());
            case Operation.DioRead r -> new Operation.DioRead(r.bio() + "x", r.pages(), r.block(), r.leg(), r.nowait());
            case Operation.Writeback w -> new Operation.Writeback(w.bio() + "x", w.block(), w.count());
            case Operation.PageOut p -> new Operation.PageOut(p.bio() + "x", p.page(), p.device());
            case Operation.Pinned p -> new Operation.Pinned(p.policy(), twinBio(p.op()));
            default -> op;
        };
    }

    static void audit(Simulator sim) {
        Symmetry sym = Symmetry.of(sim);
        if (sym.trivial()) {
            return;
        }
        String name = sim.scenario().name() + " under " + sim.policy().id();
        List<Long> swaps = new ArrayList<>();
        for (int u = 0; u < sym.units(); u++) {
            if (u != sym.groupStart(u)) {
                swaps.add(sym.swap(sym.groupStart(u), u));
            }
        }
        assertThat(swaps).isNotEmpty();
        List<String> actors = sim.actors();
        for (long g : swaps) {
            assertThat(sym.apply(sim.initial(), g))
                    .as("%s: the start is its own twin", name)
                    .isEqualTo(sim.initial());
        }
        SimulatorSpace space = new SimulatorSpace(sim);
        SimStateStore store = new SimStateStore(space);
        store.addIfAbsent(sim.initial());
        for (int id = 0; id < store.size() && store.size() < MAX_STATES; id++) {
            SimState s = store.get(id);
            for (String a : actors) {
                if (sim.status(s, a) instanceof ActorStatus.Ready) {
                    store.addIfAbsent(sim.step(s, a).next());
                }
            }
        }
        int stride = Math.max(1, store.size() / AUDITED);
        for (int id = 0; id < store.size(); id += stride) {
            SimState s = store.get(id);
            for (long g : swaps) {
                NameMap m = sym.names(g);
                SimState twin = sym.apply(s, g);
                String what = name + ", state " + id + " and its twin by "
                        + m.apply(sym.names(0).getFirst()) + "↔" + sym.names(0).getFirst();
                assertThat(broken(sim, twin))
                        .as("%s: the same invariants", what)
                        .isEqualTo(broken(sim, s));
                for (String a : actors) {
                    String b = m.apply(a);
                    ActorStatus st = sim.status(s, a);
                    assertThat(describe(sim.status(twin, b)))
                            .as("%s: %s as %s", what, b, a)
                            .isEqualTo(describe(st));
                    if (st instanceof ActorStatus.Ready) {
                        SimState after = sim.step(s, a).next();
                        SimState twinAfter = sim.step(twin, b).next();
                        SimState expected = sym.apply(after, g);
                        assertThat(comparable(twinAfter.world()))
                                .as("%s: %s steps to the twin of where %s steps", what, b, a)
                                .isEqualTo(comparable(expected.world()));
                        assertThat(twinAfter.pcs()).as("%s: %s's pcs", what, b).isEqualTo(expected.pcs());
                    }
                }
            }
        }
    }

    private static Set<String> broken(Simulator sim, SimState s) {
        Set<String> out = new TreeSet<>();
        for (Violation v : sim.violations(s)) {
            out.add(v.invariant());
        }
        return out;
    }

    /** The world with its logs sorted and the words of their details left out. */
    private static World comparable(World w) {
        World u = WorldDiff.unordered(w);
        WorldParts parts = WorldParts.WORLD;
        Object[] values = new Object[parts.count()];
        for (int i = 0; i < values.length; i++) {
            values[i] = parts.get(u, i);
            if (values[i] instanceof List<?> log) {
                values[i] = log.stream().map(SymmetryAuditTest::withoutDetail).toList();
            }
        }
        return parts.make(values);
    }

    /** A record with its {@code detail} text emptied. */
    private static Object withoutDetail(Object entry) {
        if (!(entry instanceof Record r)) {
            return entry;
        }
        try {
            RecordComponent[] rc = r.getClass().getRecordComponents();
            Object[] args = new Object[rc.length];
            Class<?>[] types = new Class<?>[rc.length];
            for (int i = 0; i < rc.length; i++) {
                types[i] = rc[i].getType();
                args[i] = rc[i].getName().equals("detail")
                        ? ""
                        : rc[i].getAccessor().invoke(r);
            }
            return r.getClass().getConstructor(types).newInstance(args);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String describe(ActorStatus st) {
        return switch (st) {
            case ActorStatus.Ready r -> "ready " + r.label();
            case ActorStatus.Blocked b -> "blocked " + b.label();
            case ActorStatus.Idle i -> "idle";
        };
    }
}
