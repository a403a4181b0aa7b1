package org.diolab.app.prefs;

import java.util.Optional;
import java.util.function.Function;
import java.util.prefs.Preferences;

/**
 * One remembered setting of a given type, stored as text under {@code key}. A value that no longer parses (an older
 * version wrote it, or a hand edit) reads as the default instead of failing the start.
 *
 * @param <T> what the setting holds
 */
public final class Pref<T> {
    private final Preferences node;
    private final String key;
    private final T fallback;
    private final Function<String, T> parse;
    private final Function<T, String> format;

    Pref(Preferences node, String key, T fallback, Function<String, T> parse, Function<T, String> format) {
        this.node = node;
        this.key = key;
        this.fallback = fallback;
        this.parse = parse;
        this.format = format;
    }

    public String key() {
        return key;
    }

    /** The stored value, or the default when none is stored or it does not parse. */
    public T get() {
        return stored().orElse(fallback);
    }

    /** The stored value, if one is stored and parses. */
    public Optional<T> stored() {
        String text = node.get(key, null);
        if (text == null) {
            return Optional.empty();
        }
        try {
            return Optional.ofNullable(parse.apply(text));
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }

    /** Stores {@code value}; {@code null} forgets it. */
    public void set(T value) {
        if (value == null) {
            node.remove(key);
        } else {
            node.put(key, format.apply(value));
        }
    }

    public void reset() {
        node.remove(key);
    }
}
