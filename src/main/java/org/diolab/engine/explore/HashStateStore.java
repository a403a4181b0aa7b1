package org.diolab.engine.explore;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The plain store: every state object kept in a hash map. For small test spaces whose states have no codec. */
final class HashStateStore<S> implements StateStore<S> {
    private final Map<S, Integer> ids = new HashMap<>();
    private final List<S> states = new ArrayList<>();

    @Override
    public int addIfAbsent(S s) {
        Integer known = ids.putIfAbsent(s, states.size());
        if (known != null) {
            return known;
        }
        states.add(s);
        return -states.size();
    }

    @Override
    public S get(int id) {
        return states.get(id);
    }

    @Override
    public int size() {
        return states.size();
    }
}
