package org.diolab.engine.explore;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.diolab.engine.ActorSpec;
import org.diolab.engine.SimState;
import org.diolab.engine.Simulator;
import org.diolab.engine.model.World;
import org.diolab.engine.step.Instr;

/**
 * Interchangeable threads: threads whose operations are the same up to the names of what only they use (three
 * readers, each of its own pages, bio and leg). Swapping two such <em>units</em> everywhere in a state gives a state
 * that behaves the same way, up to those names: the explorer keeps one state of each such family (see
 * {@link Canonicalizer}), which divides the states by up to k! for k interchangeable readers.
 *
 * <p>Found from the scenario alone: threads are aligned operation by operation, and a name that differs in the
 * same place ({@code bio}, {@code page}, {@code pages}, {@code leg}, {@code device}) maps to its counterpart. The
 * swap of two units must then map every thread's operations to those of the thread it names, and the initial world
 * to itself; the names moved must be names (pages, devices, threads, bios) and appear as words in no data and no
 * other name. The engine must treat the names it moves alike: it does not where it picks by position or by order
 * (the parity leg, md's resync source, swap; the kworker serving work items by id), so scenarios with those steps get
 * no symmetry, and bios whose checksum work is queued stay in place. No symmetry is always correct, just not reduced;
 * SymmetryAuditTest checks the rest against what the steps do.
 *
 * <p>A permutation of units is a {@code long}: four bits per unit, the unit it sends unit u to at bits 4u.
 */
final class Symmetry {
    static final int MAX_UNITS = 16;
    static final Symmetry NONE = new Symmetry(List.of(), List.of(), List.of());

    /** Per unit, its names aligned with the other units of its group: the thread first. */
    private final List<List<String>> names;
    /** Per unit, its group's first unit: units of a group are consecutive. */
    private final List<Integer> groupStart;

    private final List<Integer> groupEnd;
    private final Map<Long, NameMap> maps = new HashMap<>();

    private Symmetry(List<List<String>> names, List<Integer> groupStart, List<Integer> groupEnd) {
        this.names = names;
        this.groupStart = groupStart;
        this.groupEnd = groupEnd;
    }

    static Symmetry of(Simulator sim) {
        World w = sim.scenario().initial();
        if (ScenarioFacts.of(sim).unmodelled()) {
            return NONE; // parity, md resync and swap pick legs and pages by position: not name-blind
        }
        List<ActorSpec> threads = sim.scenario().threads();
        Set<String> ids = new HashSet<>(w.pages().keySet());
        ids.addAll(w.devices().keySet());
        threads.forEach(t -> ids.add(t.id()));
        threads.forEach(t -> t.ops().forEach(op -> OpAlignment.bios(op, ids)));
        List<List<String>> unitNames = new ArrayList<>();
        List<Integer> starts = new ArrayList<>();
        List<Integer> ends = new ArrayList<>();
        Set<String> taken = new HashSet<>(ordered(sim));
        for (int i = 0; i < threads.size() && unitNames.size() < MAX_UNITS - 1; i++) {
            if (taken.contains(threads.get(i).id())) {
                continue;
            }
            List<List<String>> group = group(threads, i, ids, w, taken);
            if (group.size() < 2) {
                continue;
            }
            int room = MAX_UNITS - unitNames.size();
            group = group.subList(0, Math.min(group.size(), room));
            starts.add(unitNames.size());
            group.forEach(u -> taken.addAll(u));
            unitNames.addAll(group);
            ends.add(unitNames.size());
        }
        if (unitNames.isEmpty()) {
            return NONE;
        }
        List<Integer> groupStart = new ArrayList<>();
        List<Integer> groupEnd = new ArrayList<>();
        for (int g = 0; g < starts.size(); g++) {
            for (int u = starts.get(g); u < ends.get(g); u++) {
                groupStart.add(starts.get(g));
                groupEnd.add(ends.get(g));
            }
        }
        return new Symmetry(List.copyOf(unitNames), List.copyOf(groupStart), List.copyOf(groupEnd));
    }

    /**
     * Names whose order the engine reads, so that no symmetry may move them: the checksum kworker serves the queued
     * work items in the order of their ids, which are their bios'.
     */
    private static Set<String> ordered(Simulator sim) {
        Set<String> out = new HashSet<>();
        for (String t : sim.actors()) {
            if (!sim.isDevice(t)) {
                for (Instr i : sim.program(t)) {
                    if (ScenarioFacts.unwrap(i) instanceof Instr.QueueCsum q) {
                        out.add(q.bio());
                    }
                }
            }
        }
        return out;
    }

    /**
     * Thread {@code i} and the later threads interchangeable with it, as units (aligned name lists), or fewer than
     * two if none is.
     */
    private static List<List<String>> group(
            List<ActorSpec> threads, int i, Set<String> ids, World w, Set<String> taken) {
        ActorSpec first = threads.get(i);
        List<List<String>> units = new ArrayList<>();
        List<String> firstNames = null;
        for (int j = i + 1; j < threads.size(); j++) {
            ActorSpec other = threads.get(j);
            if (taken.contains(other.id())) {
                continue;
            }
            Map<String, String> m = OpAlignment.align(first, other, ids);
            if (m == null) {
                continue;
            }
            List<String> mine = new ArrayList<>(m.keySet());
            if (firstNames != null && !firstNames.equals(mine)) {
                continue; // aligned on other names than the first partner: not one family
            }
            List<String> theirs = mine.stream().map(m::get).toList();
            if (disjoint(units, theirs) && swapIsSymmetry(threads, w, ids, mine, theirs, taken)) {
                if (units.isEmpty()) {
                    firstNames = mine;
                    units.add(List.copyOf(mine));
                }
                units.add(List.copyOf(theirs));
            }
        }
        return units;
    }

    private static boolean disjoint(List<List<String>> units, List<String> names) {
        for (List<String> u : units) {
            for (String n : names) {
                if (u.contains(n)) {
                    return false;
                }
            }
        }
        return true;
    }

    /** Whether swapping units {@code a} and {@code b} maps the scenario onto itself. */
    private static boolean swapIsSymmetry(
            List<ActorSpec> threads, World w, Set<String> ids, List<String> a, List<String> b, Set<String> taken) {
        Map<String, String> swap = new LinkedHashMap<>();
        for (int k = 0; k < a.size(); k++) {
            if (a.get(k).equals(b.get(k)) || !ids.contains(a.get(k)) || !ids.contains(b.get(k))) {
                return false;
            }
            swap.put(a.get(k), b.get(k));
            swap.put(b.get(k), a.get(k));
        }
        if (swap.size() != 2 * a.size()) {
            return false;
        }
        NameMap m = new NameMap(swap);
        if (taken.stream().anyMatch(m::mentions)) {
            return false; // another unit's, or a name whose order the engine reads (w1.u's work when moving w1)
        }
        // a name that holds a moved name as a word (R0 in R0.x) would be renamed into one that does not exist
        for (String id : ids) {
            if (!swap.containsKey(id) && m.mentions(id)) {
                return false;
            }
        }
        try {
            if (!OpAlignment.dataFree(threads, w, ids, m)) {
                return false;
            }
            if (!ModelRenamer.rename(w, m).equals(w)
                    || !new HashSet<>(w.volume().legs())
                            .equals(new HashSet<>(
                                    w.volume().legs().stream().map(m).toList()))) {
                return false;
            }
            Map<String, ActorSpec> byId = new HashMap<>();
            threads.forEach(t -> byId.put(t.id(), t));
            for (ActorSpec t : threads) {
                ActorSpec image = byId.get(m.apply(t.id()));
                if (image == null || !ModelRenamer.rename(t.ops(), m).equals(image.ops())) {
                    return false;
                }
            }
        } catch (ModelRenamer.Unrenamable e) {
            return false;
        }
        return true;
    }

    boolean trivial() {
        return names.isEmpty();
    }

    int units() {
        return names.size();
    }

    List<String> names(int unit) {
        return names.get(unit);
    }

    /** The units of {@code unit}'s group: {@code [start, end)}. */
    int groupStart(int unit) {
        return groupStart.get(unit);
    }

    int groupEnd(int unit) {
        return groupEnd.get(unit);
    }

    static long identity(int units) {
        long p = 0;
        for (int u = 0; u < units; u++) {
            p |= (long) u << (4 * u);
        }
        return p;
    }

    static int image(long perm, int unit) {
        return (int) (perm >>> (4 * unit)) & 15;
    }

    /** First {@code first}, then {@code then}. */
    static long compose(long then, long first, int units) {
        long p = 0;
        for (int u = 0; u < units; u++) {
            p |= (long) image(then, image(first, u)) << (4 * u);
        }
        return p;
    }

    static long inverse(long perm, int units) {
        long p = 0;
        for (int u = 0; u < units; u++) {
            p |= (long) u << (4 * image(perm, u));
        }
        return p;
    }

    /** The renaming that sends every name of unit u to its counterpart in unit {@code perm(u)}. */
    NameMap names(long perm) {
        if (maps.size() > 4096) {
            maps.clear(); // many units in many orders: keep the memory bounded, the maps are cheap to rebuild
        }
        return maps.computeIfAbsent(perm, p -> {
            Map<String, String> to = new HashMap<>();
            for (int u = 0; u < names.size(); u++) {
                List<String> from = names.get(u);
                List<String> into = names.get(image(p, u));
                for (int k = 0; k < from.size(); k++) {
                    to.put(from.get(k), into.get(k));
                }
            }
            return new NameMap(to);
        });
    }

    /** {@code s} with every name of unit u renamed into unit {@code perm(u)}'s: its twin. */
    SimState apply(SimState s, long perm) {
        NameMap m = names(perm);
        World w = (World) ModelRenamer.rename(s.world(), m);
        java.util.SortedMap<String, Integer> pcs = new java.util.TreeMap<>();
        s.pcs().forEach((t, pc) -> pcs.put(m.apply(t), pc));
        return new SimState(w, pcs);
    }

    /** The swap of units {@code a} and {@code b} (of one group), every other unit in place. */
    long swap(int a, int b) {
        long p = identity(names.size());
        p &= ~(15L << (4 * a)) & ~(15L << (4 * b));
        return p | (long) b << (4 * a) | (long) a << (4 * b);
    }
}
