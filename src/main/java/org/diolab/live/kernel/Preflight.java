package org.diolab.live.kernel;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.diolab.live.job.LiveRefusal;
import org.diolab.live.kernel.lab.HostTools;
import org.diolab.live.kernel.lab.KernelLabRefusal;
import org.diolab.live.kernel.lab.UserMount;
import org.diolab.live.kernel.scenario.Lasting;
import org.diolab.live.kernel.scenario.Scenario;
import org.diolab.live.scratch.ScratchPlace;
import org.diolab.sys.LibC;

/**
 * Refuses a kernel-lab run before anything is created, saying what to do: an unusable directory (a system
 * directory, a pseudo or memory file system, unreachable, missing: {@link ScratchPlace}), not root (sudo, or --mount),
 * no loop devices (modprobe loop), no btrfs in the kernel (modprobe btrfs), a missing tool (the package to install),
 * scenarios that cannot run on a user's mount, and scenarios that would change the user's btrfs for good without
 * their consent where the lab cannot run them on a btrfs of its own instead.
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

    /**
     * What a checked request runs with: the host's tools, and the scenarios that run on a btrfs of the lab's own
     * although the user gave --mount, because they would change the user's btrfs for good and the user did not
     * consent ({@link Scenario#changesAUsersVolume()}, {@code --allow-error-counters}).
     */
    record Plan(HostTools tools, Set<Scenario> labVolumeInstead) {
        Plan {
            labVolumeInstead = Set.copyOf(labVolumeInstead);
        }

        /** True when the run attaches loop devices and mounts (so its lock names the lab's teardown). */
        boolean buildsVolumes(KernelLabRequest req) {
            return req.mount().isEmpty() || !labVolumeInstead.isEmpty();
        }
    }

    static Plan check(KernelLabRequest req) throws IOException {
        return check(req, Host.current());
    }

    static Plan check(KernelLabRequest req, Host host) throws IOException {
        HostTools tools = host.tools();
        if (!LibC.available()) {
            throw refuse(
                    KernelLabRefusal.Reason.MISSING_TOOL,
                    "this C library lacks preadv2/flock (glibc 2.26+" + " needed)");
        }
        if (req.mount().isPresent()) {
            Path mount = checkDirectory(req.mount().get(), ScratchPlace.Use.USER_BTRFS);
            UserMount.check(mount);
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
            Set<Scenario> instead = req.allowErrorCounters()
                    ? Set.of()
                    : req.scenarios().stream()
                            .filter(Scenario::changesAUsersVolume)
                            .collect(Collectors.toSet());
            if (!instead.isEmpty()) {
                Optional<String> cannot = cannotBuild(host, tools);
                if (cannot.isPresent()) {
                    throw refuse(KernelLabRefusal.Reason.NEEDS_CONSENT, consent(instead, mount, cannot.get()));
                }
            }
            return new Plan(tools, instead);
        }
        checkDirectory(req.dir(), ScratchPlace.Use.LAB_IMAGES);
        String alt = "; or use --mount DIR to run " + mountHint();
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
        return new Plan(tools, Set.of());
    }

    /**
     * "nowait-read, stable-writes on a btrfs you mounted (false-csum-read only with --allow-error-counters: ...)" for
     * the --mount hint.
     */
    static String mountHint() {
        String safe = Scenario.ids(s -> s.fileLevel() && !s.changesAUsersVolume());
        String consent = Scenario.ids(s -> s.fileLevel() && s.changesAUsersVolume());
        return safe + " on a btrfs you mounted"
                + (consent.isEmpty()
                        ? ""
                        : " (" + consent + " only with --allow-error-counters: it raises that"
                                + " btrfs's device error counters for good)");
    }

    /** Why the lab cannot build a btrfs of its own here, or empty. */
    private static Optional<String> cannotBuild(Host host, HostTools tools) {
        if (!host.root()) {
            return Optional.of("building one needs root with CAP_SYS_ADMIN: run with sudo");
        }
        if (!host.loopControl()) {
            return Optional.of("this system has no loop devices (modprobe loop)");
        }
        if (!host.btrfsInKernel()) {
            return Optional.of("this kernel has no btrfs (modprobe btrfs)");
        }
        if (!tools.missingForImages().isEmpty()) {
            return Optional.of("missing " + String.join(", ", tools.missingForImages()));
        }
        return Optional.empty();
    }

    /** The refusal of scenarios that would raise the error counters of the user's btrfs, naming the flag. */
    private static String consent(Set<Scenario> which, Path mount, String cannot) {
        String ids = Scenario.ids(which::contains);
        return ids + " would raise " + Lasting.ERROR_COUNTERS.what() + " of your btrfs at " + mount + " for good"
                + " (btrfs keeps them on the disk and can only zero them all at once); without your consent it runs on"
                + " a btrfs of the lab's own instead, but " + cannot + ". Or give --allow-error-counters to run it on"
                + " your btrfs (the report says by how much each counter rose), or leave it out";
    }

    /**
     * The real directory {@code dir} names, refused (saying why and what to use instead) when it is no place for the
     * lab's files ({@link ScratchPlace}) or this user cannot create files in it.
     */
    private static Path checkDirectory(Path dir, ScratchPlace.Use use) {
        Path real;
        try {
            real = ScratchPlace.resolve(dir, use);
        } catch (LiveRefusal e) {
            throw refuse(KernelLabRefusal.Reason.BAD_DIRECTORY, e.getMessage());
        }
        if (!Files.isWritable(real)) {
            throw refuse(
                    KernelLabRefusal.Reason.BAD_DIRECTORY,
                    "cannot create files in " + real + " (not writable for you); pass a "
                            + (use == ScratchPlace.Use.USER_BTRFS ? "--mount" : "--dir") + " you can write to");
        }
        return real;
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
