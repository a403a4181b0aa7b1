package org.diolab.engine.explore;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import org.diolab.engine.SimState;
import org.diolab.engine.model.World;

/**
 * Simulator states kept as compact keys: one number per {@link World} component (each distinct component value is
 * interned once) and one program counter per thread. A state is rebuilt from its key when the explorer expands it,
 * out of the canonical components, so its successors share every component their step did not change and those are
 * recognised by identity. A state costs a few dozen bytes instead of a world's worth of objects. Keys are compared
 * whole, so two states share a number only when they are equal: no hashing can merge two different states.
 *
 * <p>With a {@link Symmetry}, each state is first rewritten into the chosen state of its family
 * ({@link Canonicalizer}), so the twins of a state meet in one number; the store remembers which renaming it applied,
 * and {@link #schedule} turns the steps of the graph (each taken in its state's chosen naming) back into a schedule
 * of the scenario as written.
 */
final class SimStateStore implements StateStore<SimState> {
    private final WorldParts parts = WorldParts.WORLD;
    private final List<String> actors;
    private final List<String> threads;
    private final Interner[] interners;
    private final KeyTable table;
    private final int[] scratch;
    private final Symmetry symmetry;
    private final Canonicalizer canon;
    /** Per state, the permutation applied to the state as reached to get the one stored (with a symmetry). */
    private final LongList perms = new LongList();
    /** The state last handed out by {@link #get}: its successors are usually added next. */
    private int[] lastKey;

    private Object[] lastParts;

    SimStateStore(SimulatorSpace space) {
        this(space, Symmetry.NONE);
    }

    SimStateStore(SimulatorSpace space, Symmetry symmetry) {
        this.actors = space.actors();
        this.threads = space.threads();
        this.interners = new Interner[parts.count()];
        for (int i = 0; i < interners.length; i++) {
            interners[i] = new Interner();
        }
        this.table = new KeyTable(parts.count() + threads.size());
        this.scratch = new int[table.width()];
        this.symmetry = symmetry;
        this.canon = symmetry.trivial() ? null : new Canonicalizer(symmetry, interners, threads);
    }

    @Override
    public int addIfAbsent(SimState s) {
        Object[] values = parts.all(s.world());
        for (int i = 0; i < interners.length; i++) {
            Object v = values[i];
            scratch[i] = lastParts != null && lastParts[i] == v ? lastKey[i] : interners[i].intern(v);
        }
        for (int t = 0; t < threads.size(); t++) {
            scratch[interners.length + t] = s.pc(threads.get(t));
        }
        long perm = canon == null ? 0 : canon.canonicalize(scratch);
        int id = table.addIfAbsent(scratch);
        if (id < 0 && canon != null) {
            perms.add(perm);
        }
        return id;
    }

    @Override
    public SimState get(int id) {
        int[] key = new int[table.width()];
        table.get(id, key);
        Object[] values = new Object[interners.length];
        for (int i = 0; i < values.length; i++) {
            values[i] = interners[i].get(key[i]);
        }
        SortedMap<String, Integer> pcs = new TreeMap<>();
        for (int t = 0; t < threads.size(); t++) {
            int pc = key[interners.length + t];
            if (pc != 0) {
                pcs.put(threads.get(t), pc); // a thread that has stepped has pc >= 1; one that has not has no entry
            }
        }
        World w = parts.make(values);
        lastKey = key;
        lastParts = parts.all(w); // what successors share: the world may hold its own copy of a component
        return new SimState(w, pcs);
    }

    @Override
    public int size() {
        return table.size();
    }

    @Override
    public List<Integer> schedule(StateGraph graph, int id) {
        List<Integer> steps = graph.schedule(id);
        if (canon == null) {
            return steps;
        }
        List<Integer> path = new ArrayList<>();
        for (int s = id; s >= 0; s = graph.parent(s)) {
            path.add(s);
        }
        Collections.reverse(path);
        int units = symmetry.units();
        long toStored = perms.get(path.getFirst()); // the scenario's naming to the stored state's
        List<Integer> out = new ArrayList<>(steps.size());
        for (int k = 0; k < steps.size(); k++) {
            String actor = actors.get(steps.get(k));
            out.add(actors.indexOf(
                    symmetry.names(Symmetry.inverse(toStored, units)).apply(actor)));
            toStored = Symmetry.compose(perms.get(path.get(k + 1)), toStored, units);
        }
        return out;
    }

    /** Bytes held by the keys (not the interned components). */
    long keyBytes() {
        return table.bytes() + 8L * perms.size();
    }
}
