package org.diolab.live.kernel.trace;

import java.util.LinkedHashSet;
import java.util.Set;
import org.diolab.live.kernel.trace.meaning.LabDevices;

/**
 * What is the lab's, for the event filters: its loop devices and the filesystems on them ({@link LabDevices}), the
 * backing-dev names of those filesystems ({@code btrfs-3}, {@code 7:0}: writeback events name the bdi, not a
 * device), and the prefix of its threads' names (a Java thread's name is its comm, cut to 15 characters).
 */
public record TraceTargets(LabDevices devices, Set<String> bdis, String threadPrefix) {
    /** The lab names every thread it races with "dio-lab-...". */
    public static final String LAB_THREADS = "dio-lab";

    public TraceTargets {
        bdis = java.util.Collections.unmodifiableSet(new LinkedHashSet<>(bdis));
        if (!threadPrefix.matches("[A-Za-z0-9_./:-]{1,15}")) {
            throw new IllegalArgumentException("not a usable thread-name prefix: " + threadPrefix);
        }
        for (String b : bdis) {
            if (!b.matches("[A-Za-z0-9_.:-]{1,31}")) {
                throw new IllegalArgumentException("not a bdi name: " + b);
            }
        }
    }

    public static TraceTargets of(LabDevices devices) {
        return new TraceTargets(devices, Set.of(), LAB_THREADS);
    }

    public TraceTargets withBdis(Set<String> names) {
        return new TraceTargets(devices, names, threadPrefix);
    }
}
