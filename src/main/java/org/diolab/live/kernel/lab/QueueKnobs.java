package org.diolab.live.kernel.lab;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The writable settings of a block device's request queue in sysfs ({@code /sys/block/<dev>/queue/*}) that stay with
 * the device: a loop device keeps its {@code stable_writes} after it is detached and attached again, so whatever the
 * lab sets on its own loop device must be put back before the device is let go.
 */
public final class QueueKnobs {
    /** The settings read and, where the lab changed them, put back; each holds one value (scheduler: the chosen one). */
    public static final List<String> KNOBS = List.of(
            "stable_writes",
            "rotational",
            "add_random",
            "iostats",
            "nomerges",
            "rq_affinity",
            "read_ahead_kb",
            "max_sectors_kb",
            "nr_requests",
            "wbt_lat_usec",
            "write_cache",
            "scheduler");

    private static final Pattern CHOSEN = Pattern.compile("\\[([^\\]]+)]");

    private QueueKnobs() {}

    /** {@code /sys/block/<device>/queue}, or the disk's queue for a partition. */
    public static Optional<Path> queueOf(String device) {
        Path q = Path.of("/sys/class/block", device, "queue");
        if (Files.isDirectory(q)) {
            return Optional.of(q);
        }
        Path parent = Path.of("/sys/class/block", device, "..", "queue");
        return Files.isDirectory(parent) ? Optional.of(parent.normalize()) : Optional.empty();
    }

    /** Every setting of {@code device}'s queue that can be read, by name, as it would be written back. */
    public static Map<String, String> read(String device) {
        Map<String, String> out = new LinkedHashMap<>();
        Optional<Path> q = queueOf(device);
        if (q.isEmpty()) {
            return out;
        }
        for (String k : KNOBS) {
            read(q.get().resolve(k)).ifPresent(v -> out.put(k, v));
        }
        return out;
    }

    /** One setting's value, as it would be written back ("mq-deadline" for "[mq-deadline] none"). */
    static Optional<String> read(Path knob) {
        try {
            if (!Files.isReadable(knob)) {
                return Optional.empty();
            }
            String v = Files.readString(knob).strip();
            Matcher m = CHOSEN.matcher(v);
            return Optional.of(m.find() ? m.group(1) : v);
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** Sets {@code knob} of {@code device}'s queue to {@code value}. */
    static void write(String device, String knob, String value) throws IOException {
        if (!KNOBS.contains(knob)) {
            throw new IllegalArgumentException(knob + " is not a queue setting the lab knows how to put back");
        }
        Path q = queueOf(device).orElseThrow(() -> new IOException(device + " has no queue in sysfs"));
        Files.writeString(q.resolve(knob), value);
    }

    /**
     * Puts back every setting of {@code device} that differs from {@code before}; what it put back ("loop3
     * stable_writes 1 -> 0") and, in {@code problems}, what it could not.
     */
    static List<String> restore(String device, Map<String, String> before, List<String> problems) {
        List<String> restored = new ArrayList<>();
        Map<String, String> now = read(device);
        for (Map.Entry<String, String> e : before.entrySet()) {
            String current = now.get(e.getKey());
            if (current == null || current.equals(e.getValue())) {
                continue;
            }
            try {
                write(device, e.getKey(), e.getValue());
                restored.add(device + " " + e.getKey() + " " + current + " -> " + e.getValue());
            } catch (IOException | RuntimeException x) {
                problems.add("cannot put back " + device + " " + e.getKey() + " to " + e.getValue() + " (it is "
                        + current + "): " + x.getMessage());
            }
        }
        return restored;
    }
}
