package org.diolab.live.kernel.evidence;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.diolab.live.kernel.lab.UserMount;
import org.diolab.sys.MountTable;

/**
 * The block devices under a mount, read from sysfs: the device itself, the disk a partition belongs to, the members
 * of a device-mapper or md device ({@code slaves/}) and of a btrfs, each with its queue's {@code stable_writes} (the
 * BLK_FEAT_STABLE_WRITES flag, inherited through stacking) and its integrity format, if any.
 */
public final class BlockStack {
    /** One device: its stable_writes (-1 when unreadable) and what else says why it might be set. */
    public record Device(String name, String role, int stableWrites, String integrity) {}

    private BlockStack() {}

    /** Every block device under {@code m}, top first. */
    public static List<Device> under(MountTable.Mount m) throws IOException {
        Map<String, Device> out = new LinkedHashMap<>();
        List<Path> tops = new ArrayList<>();
        if (m.fsType().equals("btrfs")) {
            Optional<Path> fs =
                    UserMount.sysfsOf(Path.of(m.source()).getFileName().toString());
            if (fs.isPresent()) {
                try (DirectoryStream<Path> ds =
                        Files.newDirectoryStream(fs.get().resolve("devices"))) {
                    ds.forEach(p -> tops.add(Path.of("/sys/class/block").resolve(p.getFileName())));
                }
            }
        }
        if (tops.isEmpty()) {
            Path byNumber = Path.of("/sys/dev/block", m.majorMinor());
            if (!m.majorMinor().startsWith("0:") && Files.exists(byNumber)) {
                tops.add(byNumber);
            } else if (m.source().startsWith("/dev/")) {
                tops.add(Path.of("/sys/class/block").resolve(Path.of(m.source()).getFileName()));
            }
        }
        for (Path t : tops) {
            walk(t, "under the mount", out);
        }
        return List.copyOf(out.values());
    }

    /** The device {@code name} ("loop3") alone. */
    public static Device of(String name) throws IOException {
        Map<String, Device> out = new LinkedHashMap<>();
        walk(Path.of("/sys/class/block", name), "lab loop device", out);
        return out.values().iterator().next();
    }

    private static void walk(Path sys, String role, Map<String, Device> out) throws IOException {
        if (!Files.exists(sys)) {
            return;
        }
        Path dev = sys.toRealPath();
        String name = dev.getFileName().toString();
        if (Files.exists(dev.resolve("partition"))) {
            out.putIfAbsent(name, new Device(name, role + " (partition)", -1, ""));
            walk(dev.getParent(), "disk of " + name, out);
            return;
        }
        out.putIfAbsent(
                name,
                new Device(
                        name,
                        role,
                        readInt(dev.resolve("queue/stable_writes")),
                        read(dev.resolve("integrity/format")).orElse("")));
        Path slaves = dev.resolve("slaves");
        if (Files.isDirectory(slaves)) {
            try (DirectoryStream<Path> ds = Files.newDirectoryStream(slaves)) {
                for (Path p : ds) {
                    walk(p, "member of " + name, out);
                }
            }
        }
    }

    public static int readInt(Path p) {
        return read(p).map(v -> {
                    try {
                        return Integer.parseInt(v);
                    } catch (NumberFormatException e) {
                        return -1;
                    }
                })
                .orElse(-1);
    }

    public static Optional<String> read(Path p) {
        try {
            return Files.isReadable(p) ? Optional.of(Files.readString(p).strip()) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
