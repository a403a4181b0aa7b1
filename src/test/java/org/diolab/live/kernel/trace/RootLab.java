package org.diolab.live.kernel.trace;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.diolab.sys.ErrnoException;
import org.diolab.sys.LibC;

/**
 * What the root tests of tracing share: whether this machine can record (root, tracefs, loop devices, btrfs), the
 * system's tools run with an argument list, and a tracefs to record in: the system's, or one mounted for the test
 * at a directory of its own and unmounted after.
 */
final class RootLab {
    private RootLab() {}

    /** Skips the calling test, saying why, unless tracing and a btrfs on a loop device work here. */
    static void assumeRoot() {
        assumeTrue("root".equals(System.getProperty("user.name")), "recording needs root");
        assumeTrue(Files.exists(Path.of("/dev/loop-control")), "no loop devices");
        assumeTrue(
                Files.isExecutable(Path.of("/usr/sbin/mkfs.btrfs")) || Files.isExecutable(Path.of("/sbin/mkfs.btrfs")),
                "no mkfs.btrfs");
        try {
            assumeTrue(Files.readString(Path.of("/proc/filesystems")).contains("tracefs"), "no tracefs in this kernel");
            assumeTrue(Files.readString(Path.of("/proc/filesystems")).contains("btrfs"), "no btrfs in this kernel");
        } catch (IOException e) {
            assumeTrue(false, "cannot read /proc/filesystems");
        }
    }

    /** Runs a tool; its output; fails on a non-zero exit. */
    static String run(String... cmd) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().put("LC_ALL", "C");
        Process p = pb.start();
        try {
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new IOException(String.join(" ", cmd) + " failed: " + out);
            }
            return out;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
    }

    /** A tracefs for a test: the system's when mounted, else one mounted at {@code dir}/tracefs. */
    static Tracefs tracefs(Path dir) throws IOException {
        List<Path> candidates = new ArrayList<>(mountedTracefs());
        candidates.addAll(Tracefs.WELL_KNOWN);
        var found = Tracefs.find(candidates);
        if (found.isPresent()) {
            return found.get();
        }
        Path mp = Files.createDirectories(dir.resolve("tracefs"));
        return Tracefs.mount(mp, MOUNTER);
    }

    /** A test's own tracefs mounts, through the native layer as the lab's are (not at a session's directory). */
    static final TracefsMounter MOUNTER = new TracefsMounter() {
        @Override
        public void mount(Path dir) throws IOException {
            int errno = LibC.mount("nodev", dir.toString(), "tracefs", LibC.MS_NOSUID | LibC.MS_NODEV | LibC.MS_NOEXEC);
            if (errno != 0) {
                throw new ErrnoException("mount tracefs at " + dir, errno);
            }
        }

        @Override
        public void unmount(Path dir) throws IOException {
            int errno = LibC.umount2(dir.toString(), LibC.UMOUNT_NOFOLLOW);
            if (errno != 0) {
                throw new ErrnoException("umount " + dir, errno);
            }
        }
    };

    /** The tracefs mount points in mountinfo (field 5, type after the " - "). */
    static List<Path> mountedTracefs() throws IOException {
        List<Path> out = new ArrayList<>();
        for (String line : Files.readAllLines(Path.of("/proc/self/mountinfo"))) {
            String[] f = line.split(" ");
            int dash = java.util.Arrays.asList(f).indexOf("-");
            if (dash > 0 && dash + 1 < f.length && f[dash + 1].equals("tracefs")) {
                out.add(Path.of(f[4]));
            }
        }
        return out;
    }

    /** The major:minor mountinfo gives the filesystem mounted at {@code mp} (the superblock's device). */
    static String mountDev(Path mp) throws IOException {
        String dev = null;
        for (String line : Files.readAllLines(Path.of("/proc/self/mountinfo"))) {
            String[] f = line.split(" ");
            if (f.length > 4 && Path.of(f[4]).equals(mp)) {
                dev = f[2];
            }
        }
        if (dev == null) {
            throw new IOException("nothing mounted at " + mp);
        }
        return dev;
    }
}
