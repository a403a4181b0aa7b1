package org.diolab.lesson;

import java.util.Collection;
import java.util.Comparator;

/** "Did you mean ...?" hints for misspelt names. */
public final class Suggest {
    private Suggest() {}

    /**
     * A hint naming the closest valid name when it is near enough, else listing them all. The rejected name itself is
     * never suggested: when it is valid somewhere else, the caller must say why it is not valid here.
     */
    public static String hint(String wrong, Collection<String> valid) {
        valid = valid.stream().filter(v -> !v.equals(wrong)).toList();
        if (valid.isEmpty()) {
            return null;
        }
        String best = valid.stream()
                .min(Comparator.comparingInt((String v) -> distance(wrong, v))
                        .thenComparing(v -> -sharedEnds(wrong, v)))
                .orElseThrow();
        if (distance(wrong, best) <= Math.max(2, wrong.length() / 3)) {
            return "did you mean '" + best + "'?";
        }
        return "valid: " + String.join(", ", valid);
    }

    /** Length of the common prefix plus the common suffix: breaks ties between equally distant names. */
    static int sharedEnds(String a, String b) {
        int p = 0;
        while (p < a.length() && p < b.length() && a.charAt(p) == b.charAt(p)) {
            p++;
        }
        int s = 0;
        while (s < a.length() - p
                && s < b.length() - p
                && a.charAt(a.length() - 1 - s) == b.charAt(b.length() - 1 - s)) {
            s++;
        }
        return p + s;
    }

    /** The edit distance between {@code a} and {@code b}: insertions, deletions and substitutions. */
    public static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }
}
