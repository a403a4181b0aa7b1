package org.diolab.live.kernel.lab;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.diolab.live.kernel.trace.TraceTargets;
import org.diolab.live.kernel.trace.meaning.LabDevices;
import org.diolab.live.kernel.trace.text.DevNum;
import org.diolab.sys.MountTable;

/**
 * What of the running scenario's is the lab's, as a trace filters on it: each volume's loop devices (numbers from
 * /sys/block, named "loop2: raid1 leg 1"), the filesystem on them (its superblock's device from mountinfo, which is
 * what iomap and filemap events carry; for btrfs not a file's st_dev), and its backing-dev name for the writeback
 * events (btrfs's own "btrfs-N", else the device's "7:2"); on a user's btrfs ({@code --mount}), its devices.
 *
 * @param devices the lab's device names ("loop2"), for picking the kernel's log lines about them
 */
public record LabTargets(TraceTargets targets, List<String> devices) {
    public LabTargets {
        devices = List.copyOf(devices);
    }

    /** The session's volumes (or user mount) now; what cannot be read is left out, never guessed. */
    public static LabTargets of(LabSession session) {
        Map<DevNum, String> blocks = new LinkedHashMap<>();
        Map<DevNum, String> fss = new LinkedHashMap<>();
        Set<String> bdis = new LinkedHashSet<>();
        List<String> names = new ArrayList<>();
        List<MountTable.Mount> table = mounts();
        for (LabVolume v : session.volumes()) {
            List<LoopDevices.Loop> loops = v.loops();
            for (int i = 0; i < loops.size(); i++) {
                String n = loops.get(i).name();
                names.add(n);
                String label = n + ": " + v.tag() + (loops.size() > 1 ? " leg " + i : "");
                devNum(Path.of("/sys/block", n, "dev")).ifPresent(d -> blocks.put(d, label));
                bdiName(Path.of("/sys/block", n, "bdi")).ifPresent(bdis::add);
            }
            MountTable.topAt(table, v.mountPoint()).ifPresent(m -> {
                parse(m.majorMinor())
                        .ifPresent(d ->
                                fss.put(d, v.fsType() + " " + v.tag() + " on " + String.join(", ", v.deviceNames())));
            });
            try {
                v.sysfs().flatMap(fs -> bdiName(fs.resolve("bdi"))).ifPresent(bdis::add);
            } catch (IOException e) {
                // no btrfs bdi: the loop devices' own stay
            }
        }
        session.userMount().ifPresent(dir -> userMount(dir, table, blocks, fss, bdis, names));
        return new LabTargets(TraceTargets.of(new LabDevices(blocks, fss)).withBdis(bdis), names);
    }

    /** A btrfs the user mounted: its member devices and its filesystem, read from mountinfo and sysfs. */
    private static void userMount(
            Path dir,
            List<MountTable.Mount> table,
            Map<DevNum, String> blocks,
            Map<DevNum, String> fss,
            Set<String> bdis,
            List<String> names) {
        Path real;
        try {
            real = dir.toRealPath();
        } catch (IOException e) {
            return;
        }
        Optional<MountTable.Mount> m = MountTable.containing(table, real);
        if (m.isEmpty()) {
            return;
        }
        parse(m.get().majorMinor())
                .ifPresent(d ->
                        fss.put(d, "your " + m.get().fsType() + " at " + m.get().mountPoint()));
        List<String> members = new ArrayList<>();
        try {
            Optional<Path> sysfs =
                    UserMount.sysfsOf(Path.of(m.get().source()).getFileName().toString());
            if (sysfs.isPresent()) {
                bdiName(sysfs.get().resolve("bdi")).ifPresent(bdis::add);
                try (DirectoryStream<Path> ds =
                        Files.newDirectoryStream(sysfs.get().resolve("devices"))) {
                    ds.forEach(p -> members.add(p.getFileName().toString()));
                }
            } else {
                members.add(Path.of(m.get().source()).getFileName().toString());
            }
        } catch (IOException e) {
            return;
        }
        for (String n : members) {
            names.add(n);
            devNum(Path.of("/sys/class/block", n, "dev")).ifPresent(d -> blocks.put(d, n + ": your device"));
        }
    }

    private static List<MountTable.Mount> mounts() {
        try {
            return MountTable.read();
        } catch (IOException e) {
            return List.of();
        }
    }

    private static Optional<DevNum> devNum(Path devFile) {
        try {
            return parse(Files.readString(devFile).strip());
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private static Optional<DevNum> parse(String majorMinor) {
        try {
            return Optional.of(DevNum.parse(majorMinor));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /** The bdi a sysfs link points at ("btrfs-324", "7:0"). */
    private static Optional<String> bdiName(Path link) {
        try {
            return Optional.of(Files.readSymbolicLink(link).getFileName().toString());
        } catch (IOException | UnsupportedOperationException e) {
            return Optional.empty();
        }
    }
}
