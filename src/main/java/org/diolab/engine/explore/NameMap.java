package org.diolab.engine.explore;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * Renames names where they stand as whole words in a string: {@code r0} in {@code r0}, {@code r0:cached},
 * {@code w1@leg0}'s {@code leg0}, {@code fill:F0=reader0}'s {@code reader0}, {@code r0.u}, or a detail such as "r0
 * returned 'AAAA'"; not the {@code r0} inside {@code reader0} or {@code R0x}. A word is bounded by the string's ends
 * or by characters that are not letters or digits; the longest name that fits wins. Results are remembered: a
 * state holds the same few strings over and over.
 */
final class NameMap implements UnaryOperator<String> {
    private final Map<String, String> to;
    /** Names by first character, longest first. */
    private final Map<Character, List<String>> byFirst = new HashMap<>();

    private final Map<String, String> memo = new HashMap<>();
    /** Memo entry of a string no name is in (a distinct instance, compared by identity). */
    @SuppressWarnings("StringOperationCanBeSimplified")
    private static final String UNCHANGED = new String("unchanged");

    NameMap(Map<String, String> to) {
        this.to = Map.copyOf(to);
        for (String name : to.keySet()) {
            if (name.isEmpty()) {
                throw new IllegalArgumentException("an empty name");
            }
            byFirst.computeIfAbsent(name.charAt(0), c -> new ArrayList<>()).add(name);
        }
        byFirst.values()
                .forEach(l -> l.sort(Comparator.comparingInt(String::length).reversed()));
    }

    /** Whether {@code s} holds one of the names as a word. */
    boolean mentions(String s) {
        return apply(s) != s;
    }

    @Override
    public String apply(String s) {
        String known = memo.get(s);
        if (known != null) {
            return known == UNCHANGED ? s : known; // the argument itself when unchanged, as callers test identity
        }
        String out = rename(s);
        if (memo.size() < 1 << 16) {
            memo.put(s, out == s ? UNCHANGED : out);
        }
        return out;
    }

    private String rename(String s) {
        String whole = to.get(s);
        if (whole != null) {
            return whole;
        }
        StringBuilder b = null;
        int copied = 0;
        int n = s.length();
        for (int i = 0; i < n; i++) {
            if (i > 0 && wordChar(s.charAt(i - 1))) {
                continue;
            }
            List<String> names = byFirst.get(s.charAt(i));
            if (names == null) {
                continue;
            }
            for (String name : names) {
                int end = i + name.length();
                if (s.startsWith(name, i) && (end == n || !wordChar(s.charAt(end)))) {
                    if (b == null) {
                        b = new StringBuilder(n + 8);
                    }
                    b.append(s, copied, i).append(to.get(name));
                    copied = end;
                    i = end - 1;
                    break;
                }
            }
        }
        if (b == null) {
            return s;
        }
        return b.append(s, copied, n).toString();
    }

    static boolean wordChar(char c) {
        return Character.isLetterOrDigit(c);
    }
}
