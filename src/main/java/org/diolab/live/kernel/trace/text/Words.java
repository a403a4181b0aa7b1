package org.diolab.live.kernel.trace.text;

import java.util.HashMap;
import java.util.Map;

/**
 * The "key value key value" texts of the iomap and filemap events ({@code dev 0:40 ino 0x101 flags DIRECT aio 0}).
 * A value may be empty ({@code flags  dio_flags X}: no flag set), so the text is split on single spaces and every
 * known key takes the word after it.
 */
final class Words {
    private static final java.util.Set<String> KEYS = java.util.Set.of(
            "dev", "ino", "size", "offset", "length", "done_before", "flags", "dio_flags", "aio", "error", "ret");
    private final Map<String, String> values = new HashMap<>();

    Words(String text) {
        String[] w = text.split(" ", -1);
        for (int i = 0; i + 1 < w.length; i++) {
            if (KEYS.contains(w[i]) && !values.containsKey(w[i])) {
                values.put(w[i], w[i + 1]);
                i++;
            }
        }
    }

    boolean has(String... keys) {
        for (String k : keys) {
            if (!values.containsKey(k)) {
                return false;
            }
        }
        return true;
    }

    String get(String key) {
        return values.getOrDefault(key, "");
    }

    long number(String key) {
        return Numbers.parseLong(get(key), 0);
    }
}
