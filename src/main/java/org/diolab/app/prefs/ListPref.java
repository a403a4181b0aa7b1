package org.diolab.app.prefs;

import java.util.ArrayList;
import java.util.List;
import java.util.prefs.BackingStoreException;
import java.util.prefs.Preferences;

/**
 * A remembered list of strings (lesson folders, a lecture order), kept as a child node with one key per item so that
 * no item is bound by the length limit of a single preference value.
 */
public final class ListPref {
    private static final String SIZE = "size";
    private final Preferences parent;
    private final String name;

    ListPref(Preferences parent, String name) {
        this.parent = parent;
        this.name = name;
    }

    public String key() {
        return name;
    }

    /** The stored items in order; empty when none were stored. */
    public List<String> get() {
        try {
            if (!parent.nodeExists(name)) {
                return List.of();
            }
        } catch (BackingStoreException e) {
            return List.of();
        }
        Preferences node = parent.node(name);
        int size = Math.max(0, node.getInt(SIZE, 0));
        List<String> out = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            String item = node.get(Integer.toString(i), null);
            if (item != null) {
                out.add(item);
            }
        }
        return List.copyOf(out);
    }

    /** Replaces the stored items. */
    public void set(List<String> items) {
        Preferences node = parent.node(name);
        try {
            node.clear();
        } catch (BackingStoreException e) {
            throw new IllegalStateException("cannot store " + name + ": " + e.getMessage(), e);
        }
        for (int i = 0; i < items.size(); i++) {
            node.put(Integer.toString(i), items.get(i));
        }
        node.putInt(SIZE, items.size());
    }

    /** Adds {@code item} at the end unless it is there already. */
    public void add(String item) {
        List<String> now = new ArrayList<>(get());
        if (!now.contains(item)) {
            now.add(item);
            set(now);
        }
    }

    public void remove(String item) {
        List<String> now = new ArrayList<>(get());
        if (now.remove(item)) {
            set(now);
        }
    }
}
