package org.diolab.lesson;

import org.jspecify.annotations.Nullable;

/**
 * The kernels whose behaviour a lesson (or one of its policies) shows: {@code since} a release, {@code before} one, or
 * between the two; {@code commit} is the change that moved the line, {@code note} says what changed. A lesson that
 * plays what a kernel did before a fix says so: e.g. a zero-copy direct write of a checksummed btrfs file is how btrfs
 * behaved before 6.15 (968f19c5b1b7). Where no source gives the release a change landed in, an end is that commit.
 *
 * @param since  first release that behaves so ({@code 6.15}), or the commit that made it so, or {@code null}
 * @param before first release that no longer does, or the commit that changed it, or {@code null}
 */
public record KernelRange(
        @Nullable String since,
        @Nullable String before,
        @Nullable String commit,
        @Nullable String note) {
    /** "before 6.15", "since 6.15", "6.12 to 6.15 (exclusive)", with the commit if any: "before 6.15 (968f19c5b1b7)". */
    public String label() {
        String range;
        if (since != null && before != null) {
            range = "since " + since + ", before " + before;
        } else if (since != null) {
            range = "since " + since;
        } else {
            range = "before " + before;
        }
        return "Linux " + range + (commit == null ? "" : " (" + commit + ")");
    }

    /** The label and, if given, what changed: one line for {@code play}. */
    public String describe() {
        return note == null || note.isBlank() ? label() : label() + ": " + note;
    }

    /** -1, 0, 1 as release {@code a} comes before, is, or comes after {@code b} ("6.9" &lt; "6.15"). */
    static int compare(String a, String b) {
        String[] x = a.split("\\.");
        String[] y = b.split("\\.");
        for (int i = 0; i < Math.max(x.length, y.length); i++) {
            int p = i < x.length ? Integer.parseInt(x[i]) : 0;
            int q = i < y.length ? Integer.parseInt(y[i]) : 0;
            if (p != q) {
                return Integer.compare(p, q);
            }
        }
        return 0;
    }
}
