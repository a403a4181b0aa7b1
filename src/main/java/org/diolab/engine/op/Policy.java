package org.diolab.engine.op;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * How the kernel handles a direct I/O: the fixes the seed threads argue about, as named toggles.
 */
public enum Policy {
    ZERO_COPY("zero-copy", "Zero copy",
            "The bio's bvecs point straight at the user's pinned pages; the device DMAs from them whenever it runs."),
    BOUNCE("bounce", "Bounce (never trust the bio)",
            "The kernel copies user data into its own pages first and does I/O only from those (S003's patch).");

    private final String id;
    private final String title;
    private final String summary;

    Policy(String id, String title, String summary) {
        this.id = id;
        this.title = title;
        this.summary = summary;
    }

    /** Kebab-case name used in lessons, the CLI and JSON. */
    public String id() {
        return id;
    }

    public String title() {
        return title;
    }

    public String summary() {
        return summary;
    }

    public static Optional<Policy> byId(String id) {
        return Arrays.stream(values()).filter(p -> p.id.equals(id)).findFirst();
    }

    public static List<String> ids() {
        return Arrays.stream(values()).map(Policy::id).toList();
    }
}
