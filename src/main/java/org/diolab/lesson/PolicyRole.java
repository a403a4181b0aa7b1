package org.diolab.lesson;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** The part a policy plays in a lesson: shows the bug, is the remedy, or is the reference to compare with. */
public enum PolicyRole {
    BROKEN,
    FIXED,
    BASELINE;

    /** As lesson files spell it: {@code broken}, {@code fixed}, {@code baseline}. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<PolicyRole> byId(String id) {
        return Arrays.stream(values()).filter(r -> r.id().equals(id)).findFirst();
    }

    public static List<String> ids() {
        return Arrays.stream(values()).map(PolicyRole::id).toList();
    }

    @Override
    public String toString() {
        return id();
    }
}
