package org.diolab.live.probe;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.diolab.sys.MountTable;
import org.jspecify.annotations.Nullable;

/**
 * Reads the {@link Environment} from {@code /proc} and {@code /sys}. Nothing here fails a run: an unreadable file
 * becomes "unknown", because the measurement is still worth having.
 */
public final class EnvironmentProbe {
    private static final String UNKNOWN = "unknown";
    private static final List<String> CRC_FLAGS = List.of("sse4_2", "pclmulqdq", "vpclmulqdq", "crc32", "pmull");

    private EnvironmentProbe() {}

    /** The environment of a run in {@code scratchDir}. */
    public static Environment probe(Path scratchDir) {
        List<String> cpuinfo = lines(Path.of("/proc/cpuinfo"));
        return new Environment(
                read(Path.of("/proc/sys/kernel/osrelease")).orElse(System.getProperty("os.version", UNKNOWN)),
                System.getProperty("os.arch", UNKNOWN),
                read(Path.of("/proc/sys/kernel/hostname")).orElse(UNKNOWN),
                cpuField(cpuinfo, "model name")
                        .or(() -> cpuField(cpuinfo, "CPU part"))
                        .orElse(UNKNOWN),
                Runtime.getRuntime().availableProcessors(),
                crcFeatures(cpuinfo),
                System.getProperty("java.vm.vendor", "") + " " + System.getProperty("java.runtime.version", ""),
                filesystem(scratchDir));
    }

    static List<String> crcFeatures(List<String> cpuinfo) {
        String flags = cpuField(cpuinfo, "flags")
                .or(() -> cpuField(cpuinfo, "Features"))
                .orElse("");
        List<String> present = new ArrayList<>();
        List<String> all = List.of(flags.split("\\s+"));
        for (String f : CRC_FLAGS) {
            if (all.contains(f)) {
                present.add(f);
            }
        }
        return present;
    }

    private static Optional<String> cpuField(List<String> cpuinfo, String key) {
        for (String line : cpuinfo) {
            int colon = line.indexOf(':');
            if (colon > 0 && line.substring(0, colon).trim().equals(key)) {
                return Optional.of(line.substring(colon + 1).trim());
            }
        }
        return Optional.empty();
    }

    static Environment.Filesystem filesystem(Path dir) {
        Path real;
        try {
            real = dir.toRealPath();
        } catch (IOException e) {
            real = dir.toAbsolutePath().normalize();
        }
        Optional<MountTable.Mount> m = MountTable.containing(MountTable.parse(lines(MountTable.MOUNTINFO)), real);
        if (m.isEmpty()) {
            return new Environment.Filesystem(UNKNOWN, UNKNOWN, UNKNOWN, "", null);
        }
        MountTable.Mount mi = m.get();
        return new Environment.Filesystem(
                mi.fsType(), mi.mountPoint().toString(), mi.source(), mi.mountOptions(), device(mi));
    }

    /** The block device behind a mount, by its device number, else by its source path; null when there is none. */
    static Environment.@Nullable BlockDevice device(MountTable.Mount mi) {
        Path sys = Path.of("/sys/dev/block", mi.majorMinor());
        if (!Files.exists(sys) && mi.source().startsWith("/dev/")) {
            try {
                sys = Path.of(
                        "/sys/class/block",
                        Path.of(mi.source()).toRealPath().getFileName().toString());
            } catch (IOException e) {
                return null;
            }
        }
        try {
            Path dev = sys.toRealPath();
            // A partition keeps its queue and model in the whole disk's directory, one level up.
            Path disk = Files.exists(dev.resolve("partition")) ? dev.getParent() : dev;
            Path q = disk.resolve("queue");
            return new Environment.BlockDevice(
                    dev.getFileName().toString(),
                    read(disk.resolve("device/model")).orElse(UNKNOWN),
                    read(q.resolve("rotational")).map("1"::equals).orElse(false),
                    read(q.resolve("logical_block_size"))
                            .map(EnvironmentProbe::parseInt)
                            .orElse(0),
                    read(q.resolve("stable_writes")).map("1"::equals).orElse(false),
                    read(q.resolve("scheduler"))
                            .map(EnvironmentProbe::activeScheduler)
                            .orElse(UNKNOWN));
        } catch (IOException e) {
            return null;
        }
    }

    /** "none [mq-deadline] kyber" → "mq-deadline". */
    static String activeScheduler(String s) {
        int a = s.indexOf('[');
        int b = s.indexOf(']');
        return a >= 0 && b > a ? s.substring(a + 1, b) : s.trim();
    }

    private static int parseInt(String s) {
        try {
            return Integer.parseInt(s.trim());
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private static Optional<String> read(Path p) {
        try {
            return Optional.of(Files.readString(p).trim()).filter(s -> !s.isEmpty());
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    private static List<String> lines(Path p) {
        try {
            return Files.readAllLines(p);
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
    }

    /** A one-line description for text reports. */
    public static String describe(Environment e) {
        Environment.Filesystem fs = e.filesystem();
        String dev = fs.device() == null
                ? fs.source()
                : fs.device().name()
                        + (fs.device().model().equals(UNKNOWN)
                                ? ""
                                : " " + fs.device().model())
                        + (fs.device().rotational() ? ", rotational" : "") + ", stable_writes="
                        + (fs.device().stableWrites() ? 1 : 0);
        return String.format(
                Locale.ROOT,
                "Linux %s %s, %s on %s (%s), %s x%d, crc32c: %s, %s",
                e.kernel(),
                e.arch(),
                fs.type(),
                fs.mountPoint(),
                dev,
                e.cpuModel(),
                e.logicalCpus(),
                e.crcAccelerated() ? String.join("+", e.cpuCrcFeatures()) : "software only",
                e.jdk().trim());
    }
}
