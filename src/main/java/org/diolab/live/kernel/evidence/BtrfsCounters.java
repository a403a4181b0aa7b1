package org.diolab.live.kernel.evidence;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.diolab.live.kernel.lab.Exec;
import org.diolab.live.kernel.lab.LabVolume;
import org.jspecify.annotations.Nullable;

/**
 * btrfs's own error accounting: the per-device counters ({@code corruption_errs} is what a false checksum failure
 * raises, and what monitoring then alarms on) and scrub's totals.
 */
public final class BtrfsCounters {
    /** scrub's raw totals ({@code btrfs scrub start -B -R}): errors by kind and the data it checked. */
    public record Scrub(
            long csumErrors, long verifyErrors, long readErrors, long uncorrectable, long corrected, long dataBytes) {
        public long errors() {
            return csumErrors + verifyErrors + readErrors;
        }
    }

    private BtrfsCounters() {}

    /** corruption_errs per device id, from /sys/fs/btrfs/UUID/devinfo/ID/error_stats; empty when unreadable. */
    public static Map<String, Long> corruptionErrors(Optional<Path> sysfs) throws IOException {
        Map<String, Long> out = new LinkedHashMap<>();
        if (sysfs.isEmpty() || !Files.isDirectory(sysfs.get().resolve("devinfo"))) {
            return out;
        }
        try (DirectoryStream<Path> ids = Files.newDirectoryStream(sysfs.get().resolve("devinfo"))) {
            for (Path id : ids) {
                Path stats = id.resolve("error_stats");
                if (Files.isReadable(stats)) {
                    out.put("devid " + id.getFileName(), field(Files.readAllLines(stats), "corruption_errs"));
                }
            }
        }
        return out;
    }

    /** The five error counters btrfs keeps per device ({@code btrfs device stats}). */
    public static final List<String> DEVICE_STATS =
            List.of("write_io_errs", "read_io_errs", "flush_io_errs", "corruption_errs", "generation_errs");

    /**
     * Every device's five error counters, "devid 1 corruption_errs" → 0, from /sys/fs/btrfs/UUID/devinfo/ID/error_stats
     * (what {@code btrfs device stats} prints); empty when unreadable.
     */
    public static Map<String, Long> deviceStats(Optional<Path> sysfs) throws IOException {
        Map<String, Long> out = new LinkedHashMap<>();
        if (sysfs.isEmpty() || !Files.isDirectory(sysfs.get().resolve("devinfo"))) {
            return out;
        }
        try (DirectoryStream<Path> ids = Files.newDirectoryStream(sysfs.get().resolve("devinfo"))) {
            for (Path id : ids) {
                Path stats = id.resolve("error_stats");
                if (Files.isReadable(stats)) {
                    List<String> lines = Files.readAllLines(stats);
                    for (String counter : DEVICE_STATS) {
                        out.put("devid " + id.getFileName() + " " + counter, field(lines, counter));
                    }
                }
            }
        }
        return out;
    }

    public static long sum(Map<String, Long> counters) {
        return counters.values().stream().mapToLong(Long::longValue).sum();
    }

    /**
     * Commits the filesystem's transaction, then runs a scrub in the foreground and returns its totals. Scrub walks
     * the last committed trees: data that an fsync put only in the log tree is not there until a commit (every 30 s,
     * or when something else forces one), so without the commit a scrub right after the writes may check 0 bytes.
     */
    public static Scrub scrub(Path btrfs, @Nullable LabVolume volume) throws IOException {
        if (volume == null) {
            // A scrub of a user's btrfs would replace their record of its last scrub and may raise its counters.
            throw new IOException("a scrub runs only on the lab's own volumes, never on a btrfs you mounted");
        }
        volume.beforeScrub(); // btrfs-progs writes /var/lib/btrfs/scrub.status.<uuid>: the teardown removes it
        String mountPoint = volume.mountPoint().toString();
        Exec.check(List.of(btrfs.toString(), "filesystem", "sync", mountPoint), Duration.ofMinutes(5));
        Exec.Result r =
                Exec.check(List.of(btrfs.toString(), "scrub", "start", "-B", "-R", mountPoint), Duration.ofMinutes(30));
        List<String> lines = r.out().lines().toList();
        return new Scrub(
                field(lines, "csum_errors"),
                field(lines, "verify_errors"),
                field(lines, "read_errors"),
                field(lines, "uncorrectable_errors"),
                field(lines, "corrected_errors"),
                field(lines, "data_bytes_scrubbed"));
    }

    /** The value of "name value" or "name: value" among {@code lines}, or 0 when absent. */
    static long field(List<String> lines, String name) {
        for (String line : lines) {
            String t = line.strip();
            if (t.startsWith(name)) {
                String rest = t.substring(name.length()).replace(":", "").strip();
                try {
                    return Long.parseLong(rest.split("\\s+")[0]);
                } catch (NumberFormatException e) {
                    return 0;
                }
            }
        }
        return 0;
    }
}
