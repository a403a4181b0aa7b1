package org.diolab.engine.explore;

import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import org.diolab.engine.SimState;
import org.diolab.engine.model.World;

/**
 * Simulator states kept as compact keys: one number per {@link World} component (each distinct component value is
 * interned once) and one program counter per thread. A state is rebuilt from its key when the explorer expands it,
 * out of the canonical components, so its successors share every component their step did not change and those are
 * recognised by identity. A state costs a few dozen bytes instead of a world's worth of objects.
 */
final class SimStateStore implements StateStore<SimState> {
    private final WorldParts parts = WorldParts.WORLD;
    private final List<String> threads;
    private final Interner[] interners;
    private final KeyTable table;
    private final int[] scratch;
    /** The state last handed out by {@link #get}: its successors are usually added next. */
    private int[] lastKey;

    private Object[] lastParts;

    SimStateStore(List<String> threads) {
        this.threads = List.copyOf(threads);
        this.interners = new Interner[parts.count()];
        for (int i = 0; i < interners.length; i++) {
            interners[i] = new Interner();
        }
        this.table = new KeyTable(parts.count() + threads.size());
        this.scratch = new int[table.width()];
    }

    @Override
    public int addIfAbsent(SimState s) {
        World w = s.world();
        for (int i = 0; i < interners.length; i++) {
            Object v = parts.get(w, i);
            scratch[i] = lastParts != null && lastParts[i] == v ? lastKey[i] : interners[i].intern(v);
        }
        for (int t = 0; t < threads.size(); t++) {
            scratch[interners.length + t] = s.pc(threads.get(t));
        }
        return table.addIfAbsent(scratch);
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
        for (int i = 0; i < values.length; i++) {
            values[i] = parts.get(w, i); // what successors share: the world may hold its own copy of a component
        }
        lastKey = key;
        lastParts = values;
        return new SimState(w, pcs);
    }

    @Override
    public int size() {
        return table.size();
    }
}
