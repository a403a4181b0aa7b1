package org.diolab.live.kernel.lab;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.diolab.sys.MountTable;

/**
 * A btrfs the user mounted ({@code --mount DIR}): the lab only creates files in a directory of its own there (a
 * directory of the run's session, mode 0700, every file recorded in the session's lock), never
 * mounts, formats or unmounts anything, and reads the filesystem's devices from mountinfo and /sys/fs/btrfs so it can
 * pick the kernel's log lines about them.
 */
public final class UserMount {
    private UserMount() {}

    /** Refuses a directory that is not on btrfs, saying what to do. */
    public static MountTable.Mount check(Path dir) throws IOException {
        Path real = dir.toRealPath();
        MountTable.Mount m = MountTable.containing(MountTable.read(), real)
                .orElseThrow(() -> new KernelLabRefusal(
                        KernelLabRefusal.Reason.NOT_BTRFS_MOUNT, "cannot find the mount of " + dir));
        if (!m.fsType().equals("btrfs")) {
            throw new KernelLabRefusal(
                    KernelLabRefusal.Reason.NOT_BTRFS_MOUNT,
                    "--mount " + dir + " is on "
                            + m.fsType()
                            + ", not btrfs; give a directory on a btrfs you mounted, or run as root without"
                            + " --mount so the lab builds its own");
        }
        return m;
    }

    static BtrfsPlace place(Path workDir, Path mountDir, BtrfsPlace.FileMaker files) throws IOException {
        MountTable.Mount m = check(mountDir);
        String source = Path.of(m.source()).getFileName().toString();
        Optional<Path> sysfs = sysfsOf(source);
        List<String> devices = new ArrayList<>();
        if (sysfs.isPresent()) {
            try (DirectoryStream<Path> ds = Files.newDirectoryStream(sysfs.get().resolve("devices"))) {
                ds.forEach(p -> devices.add(p.getFileName().toString()));
            }
        } else {
            devices.add(source);
        }
        devices.sort(null);
        return new BtrfsPlace(
                workDir,
                devices,
                "your btrfs mounted at " + m.mountPoint() + " (" + String.join(", ", devices) + ")",
                sysfs,
                null,
                files);
    }

    /** /sys/fs/btrfs/UUID of the btrfs holding {@code dir}, if it is one. */
    public static Optional<Path> sysfsOfMount(Path dir) throws IOException {
        MountTable.Mount m = check(dir);
        return sysfsOf(Path.of(m.source()).getFileName().toString());
    }

    /** /sys/fs/btrfs/UUID of the filesystem that has {@code device} ("sdb1") as a member. */
    public static Optional<Path> sysfsOf(String device) throws IOException {
        Path root = Path.of("/sys/fs/btrfs");
        if (!Files.isDirectory(root)) {
            return Optional.empty();
        }
        try (DirectoryStream<Path> fss = Files.newDirectoryStream(root)) {
            for (Path fs : fss) {
                if (Files.exists(fs.resolve("devices").resolve(device))) {
                    return Optional.of(fs);
                }
            }
        }
        return Optional.empty();
    }
}
