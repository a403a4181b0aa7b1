package org.diolab.live.kernel;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import org.diolab.live.kernel.lab.HostTools;
import org.diolab.live.kernel.lab.KernelLabRefusal;
import org.diolab.live.kernel.lab.UserMount;
import org.diolab.live.kernel.scenario.Scenario;
import org.diolab.sys.LibC;

/**
 * Refuses a kernel-lab run before anything is created, saying what to do: not root (sudo, or --mount), no loop
 * devices (modprobe loop), no btrfs in the kernel (modprobe btrfs), a missing tool (the package to install), an
 * unusable directory, or scenarios that cannot run on a user's mount.
 */
public final class Preflight {
    private Preflight() {}

    /** What the checks look at, read from the running system or made up by a test. */
    record Host(boolean root, boolean loopControl, boolean btrfsInKernel, HostTools tools) {
        /** Root here means uid 0 with CAP_SYS_ADMIN (mount, losetup): a container's unprivileged root is not. */
        static Host current() {
            return new Host(
                    isRoot() && hasCapSysAdmin(),
                    Files.exists(Path.of("/dev/loop-control")),
                    HostTools.kernelHas("btrfs"),
                    HostTools.locate());
        }
    }

    /** CAP_SYS_ADMIN (bit 21) in the effective capability set, from /proc/self/status. */
    static boolean hasCapSysAdmin() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("CapEff:")) {
                    return (Long.parseUnsignedLong(line.substring(7).strip(), 16) & (1L << 21)) != 0;
                }
            }
        } catch (IOException | NumberFormatException e) {
            return false;
        }
        return false;
    }

    static HostTools check(KernelLabRequest req) throws IOException {
        return check(req, Host.current());
    }

    static HostTools check(KernelLabRequest req, Host host) throws IOException {
        HostTools tools = host.tools();
        if (!LibC.available()) {
            throw refuse(
                    KernelLabRefusal.Reason.MISSING_TOOL,
                    "this C library lacks preadv2/flock (glibc 2.26+" + " needed)");
        }
        if (req.mount().isPresent()) {
            checkDirectory(req.mount().get());
            UserMount.check(req.mount().get());
            List<String> need = req.scenarios().stream()
                    .filter(s -> !s.fileLevel())
                    .map(Scenario::id)
                    .toList();
            if (!need.isEmpty()) {
                throw refuse(
                        KernelLabRefusal.Reason.BAD_OPTION,
                        String.join(", ", need) + " need the lab's own"
                                + " loop devices; with --mount only " + Scenario.fileLevelIds()
                                + " run (or drop --mount and"
                                + " run as root)");
            }
            return tools;
        }
        String alt = "; or use --mount DIR to run " + Scenario.fileLevelIds() + " on a btrfs you mounted";
        if (!host.root()) {
            throw refuse(
                    KernelLabRefusal.Reason.NOT_ROOT,
                    "the kernel lab builds filesystems on loop devices,"
                            + " which needs root (with CAP_SYS_ADMIN; a container must be privileged): run it with sudo (sudo"
                            + " java -jar dio-lab.jar kernel-lab ...)" + alt);
        }
        if (!host.loopControl()) {
            throw refuse(
                    KernelLabRefusal.Reason.NO_LOOP_DEVICES,
                    "this system has no loop devices"
                            + " (/dev/loop-control is missing): load the driver with 'modprobe loop'" + alt);
        }
        boolean btrfs = req.scenarios().stream().anyMatch(Scenario::needsBtrfs);
        if (btrfs && !host.btrfsInKernel()) {
            throw refuse(
                    KernelLabRefusal.Reason.NO_BTRFS,
                    "this kernel has no btrfs (not in /proc/filesystems):"
                            + " load it with 'modprobe btrfs', or run only " + Scenario.ids(x -> !x.needsBtrfs()));
        }
        List<String> missing = tools.missingForImages().stream()
                .filter(t -> btrfs || !t.contains("btrfs"))
                .toList();
        if (!missing.isEmpty()) {
            throw refuse(
                    KernelLabRefusal.Reason.MISSING_TOOL,
                    "missing " + String.join(", ", missing)
                            + ": install them (apt-get install btrfs-progs util-linux, or dnf install btrfs-progs"
                            + " util-linux)");
        }
        checkDirectory(req.dir());
        return tools;
    }

    private static void checkDirectory(Path dir) throws IOException {
        if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
            throw refuse(
                    KernelLabRefusal.Reason.BAD_DIRECTORY,
                    dir + " does not exist; create it or pick another" + " directory");
        }
        if (Files.isSymbolicLink(dir)) {
            throw refuse(
                    KernelLabRefusal.Reason.BAD_DIRECTORY,
                    dir + " is a symlink; give the real directory (" + dir.toRealPath() + ")");
        }
        if (!Files.isDirectory(dir) || !Files.isWritable(dir)) {
            throw refuse(KernelLabRefusal.Reason.BAD_DIRECTORY, dir + " is not a writable directory");
        }
    }

    /** The effective uid from /proc/self/status is 0. */
    static boolean isRoot() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("Uid:")) {
                    return line.split("\\s+")[2].equals("0");
                }
            }
        } catch (IOException | ArrayIndexOutOfBoundsException e) {
            return false;
        }
        return false;
    }

    private static KernelLabRefusal refuse(KernelLabRefusal.Reason reason, String message) {
        return new KernelLabRefusal(reason, message);
    }
}
