package org.diolab.live;

import java.time.Instant;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The name of every file DIO Lab creates: {@code .dio-lab-<pid>-<process start ms>-<tag>}. Hidden, recognisable,
 * and it names its owner, so a later run can tell a crashed run's leftovers (owner gone) from a live run's files
 * (owner alive). The start time guards against a recycled pid keeping garbage alive forever.
 */
record ScratchFileName(long pid, long startMillis, String tag) {
    static final String PREFIX = ".dio-lab-";
    private static final Pattern NAME =
            Pattern.compile("\\.dio-lab-(\\d{1,10})-(\\d{1,19})-([a-z0-9][a-z0-9.-]{0,63})");
    private static final long SELF_START = ProcessHandle.current().info().startInstant()
            .map(Instant::toEpochMilli).orElse(0L);

    ScratchFileName {
        if (!tag.matches("[a-z0-9][a-z0-9.-]{0,63}")) {
            throw new IllegalArgumentException("bad scratch tag " + tag);
        }
    }

    /** A name owned by this process. */
    static ScratchFileName own(String tag) {
        return new ScratchFileName(ProcessHandle.current().pid(), SELF_START, tag);
    }

    String fileName() {
        return PREFIX + pid + "-" + startMillis + "-" + tag;
    }

    /** Parses a directory entry; anything that is not exactly our pattern is not ours. */
    static Optional<ScratchFileName> parse(String fileName) {
        Matcher m = NAME.matcher(fileName);
        if (!m.matches()) {
            return Optional.empty();
        }
        return Optional.of(new ScratchFileName(Long.parseLong(m.group(1)), Long.parseLong(m.group(2)), m.group(3)));
    }

    /**
     * True when the owning process is gone: no process has the pid, or the one that has it started at another time.
     * When the start time is unknown, a live pid counts as the owner: better a leftover than a live run's file lost.
     */
    boolean ownerGone() {
        Optional<ProcessHandle> p = ProcessHandle.of(pid);
        if (p.isEmpty() || !p.get().isAlive()) {
            return true;
        }
        if (startMillis == 0) {
            return false;
        }
        return p.get().info().startInstant().map(s -> s.toEpochMilli() != startMillis).orElse(false);
    }
}
