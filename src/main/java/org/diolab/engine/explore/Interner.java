package org.diolab.engine.explore;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Gives each distinct value a number, in first-seen order, and keeps one canonical instance per value. States built
 * from canonical parts share them, so a part a step left alone is recognised by identity, without hashing it again.
 */
final class Interner {
    private final Map<Object, Integer> ids = new HashMap<>();
    private final List<Object> values = new ArrayList<>();

    int intern(Object value) {
        Integer known = ids.putIfAbsent(value, values.size());
        if (known != null) {
            return known;
        }
        values.add(value);
        return values.size() - 1;
    }

    Object get(int id) {
        return values.get(id);
    }

    int size() {
        return values.size();
    }
}
