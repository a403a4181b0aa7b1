package org.diolab.lesson;

import java.util.Collection;
import java.util.Comparator;

/** "Did you mean ...?" hints for misspelt names. */
public final class Suggest {
    private Suggest() {
    }

    /** A hint naming the closest valid name when it is near enough, else listing them all. */
    public static String hint(String wrong, Collection<String> valid) {
        if (valid.isEmpty()) {
            return null;
        }
        String best = valid.stream().min(Comparator.comparingInt(v -> distance(wrong, v))).orElseThrow();
        if (distance(wrong, best) <= Math.max(2, wrong.length() / 3)) {
            return "did you mean '" + best + "'?";
        }
        return "valid: " + String.join(", ", valid);
    }

    static int distance(String a, String b) {
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
