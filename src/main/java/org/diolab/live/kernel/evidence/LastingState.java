package org.diolab.live.kernel.evidence;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import org.diolab.live.kernel.lab.QueueKnobs;
import org.diolab.live.kernel.lab.UserMount;

/**
 * What of a user's btrfs outlives a run, read in one go so a run can compare before and after each scenario: every
 * device's five error counters ({@code btrfs device stats}, from sysfs), the filesystem's settings in
 * /sys/fs/btrfs/UUID (read_policy, bg_reclaim_threshold, label, each device's scrub_speed_max), the queue settings
 * of its member devices, and btrfs-progs' record of its last scrub. Reading changes nothing.
 */
public record LastingState(String where, Map<String, String> values) {
    /** What a value is, for saying whether a scenario declared changing it. */
    public enum Kind {
        COUNTER,
        SETTING,
        SCRUB_RECORD
    }

    /** One value that differs: its key ("devid 1 corruption_errs"), what it was and is, and its kind. */
    public record Change(String key, String before, String after, Kind kind) {
        /** "corruption_errs of devid 1: 0 -> 880 (+880)" for counters, "read_policy: pid -> round-robin" else. */
        public String describe() {
            if (kind == Kind.COUNTER) {
                String[] w = key.split(" ");
                long b = Long.parseLong(before);
                long a = Long.parseLong(after);
                return String.format(
                        java.util.Locale.ROOT, "%s of %s %s: %,d -> %,d (%+,d)", w[2], w[0], w[1], b, a, a - b);
            }
            return key + ": " + before + " -> " + after;
        }
    }

    /** Filesystem settings under /sys/fs/btrfs/UUID that a scenario could change and that stay. */
    private static final List<String> FS_SETTINGS = List.of("label", "read_policy", "bg_reclaim_threshold");

    private static final String ABSENT = "(none)";

    public LastingState {
        values = Collections.unmodifiableMap(new LinkedHashMap<>(values)); // in reading order, for messages
    }

    /** The state of the btrfs mounted at (or holding) {@code dir}. */
    public static LastingState of(Path dir) throws IOException {
        Optional<Path> sysfs = UserMount.sysfsOfMount(dir);
        Map<String, String> v = new LinkedHashMap<>();
        BtrfsCounters.deviceStats(sysfs).forEach((k, n) -> v.put(k, Long.toString(n)));
        if (sysfs.isPresent()) {
            Path fs = sysfs.get();
            for (String s : FS_SETTINGS) {
                BlockStack.read(fs.resolve(s)).ifPresent(x -> v.put("setting " + s, x));
            }
            for (String id : names(fs.resolve("devinfo"))) {
                BlockStack.read(fs.resolve("devinfo").resolve(id).resolve("scrub_speed_max"))
                        .ifPresent(x -> v.put("setting devid " + id + " scrub_speed_max", x));
            }
            for (String dev : names(fs.resolve("devices"))) {
                QueueKnobs.read(dev).forEach((k, x) -> v.put("setting " + dev + " queue " + k, x));
            }
            v.put("scrub record " + fs.getFileName(), record(fs.getFileName().toString()));
        }
        return new LastingState(dir.toString(), v);
    }

    /** The values that differ in {@code after}, in key order. */
    public List<Change> changesTo(LastingState after) {
        List<Change> out = new ArrayList<>();
        TreeSet<String> keys = new TreeSet<>(values.keySet());
        keys.addAll(after.values.keySet());
        for (String k : keys) {
            String b = values.getOrDefault(k, ABSENT);
            String a = after.values.getOrDefault(k, ABSENT);
            if (!a.equals(b)) {
                out.add(new Change(k, b, a, kind(k, b, a)));
            }
        }
        return out;
    }

    /** The error counters, "devid 1 corruption_errs" → value, for saying what they are now. */
    public Map<String, Long> counters() {
        Map<String, Long> out = new LinkedHashMap<>();
        values.forEach((k, v) -> {
            if (kind(k, "0", "0") == Kind.COUNTER) {
                out.put(k, Long.parseLong(v));
            }
        });
        return out;
    }

    private static Kind kind(String key, String before, String after) {
        if (key.startsWith("scrub record ")) {
            return Kind.SCRUB_RECORD;
        }
        boolean numbers =
                before.chars().allMatch(Character::isDigit) && after.chars().allMatch(Character::isDigit);
        return key.startsWith("devid ") && numbers ? Kind.COUNTER : Kind.SETTING;
    }

    /** btrfs-progs' record of the last scrub of filesystem {@code uuid}: its size and time, or "(none)". */
    private static String record(String uuid) {
        Path f = Path.of("/var/lib/btrfs", "scrub.status." + uuid);
        try {
            BasicFileAttributes a = Files.readAttributes(f, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            return a.size() + " bytes, written " + a.lastModifiedTime();
        } catch (IOException e) {
            return ABSENT;
        }
    }

    private static List<String> names(Path dir) throws IOException {
        List<String> out = new ArrayList<>();
        if (!Files.isDirectory(dir)) {
            return out;
        }
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir)) {
            ds.forEach(p -> out.add(p.getFileName().toString()));
        }
        out.sort(null);
        return out;
    }
}
