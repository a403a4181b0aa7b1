package org.diolab.live.scratch;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The table of places DIO Lab never puts files in, decided on a real path (no symlinks) and a file system type, with
 * no I/O: the system's own trees, which a tool run as root must never litter (a scratch file in /etc or a 1 GiB
 * image in /usr stays there if the run is killed, and is the system's problem from then on); pseudo file systems,
 * which hold no files at all; and memory-backed ones, where there is no device to measure and an image takes its
 * size in RAM. A user's home, /tmp, /var/tmp, /srv, /mnt and /media (and directories in them) are fine.
 */
public final class SystemPlaces {
    /** A system tree: the directory and everything under it, and what it holds (for the refusal). */
    record Tree(Path root, String holds) {}

    /** Refused with everything under them (and /lib*, matched below). */
    private static final List<Tree> TREES = List.of(
            tree("/etc", "the system's configuration"),
            tree("/usr", "the system's programs and libraries"),
            tree("/bin", "the system's programs"),
            tree("/sbin", "the system's programs"),
            tree("/boot", "the kernel and the boot loader"),
            tree("/efi", "the boot loader"),
            tree("/proc", "the kernel's view of its processes"),
            tree("/sys", "the kernel's view of its devices and drivers"),
            tree("/dev", "device nodes"),
            tree("/run", "the running system's state, in memory"),
            tree("/snap", "installed snap packages"),
            tree("/var/lib", "programs' and services' persistent state (package databases, btrfs scrub records)"),
            tree("/var/log", "the system's logs"),
            tree("/var/cache", "the system's caches"),
            tree("/var/spool", "the system's queued work (mail, print, cron)"),
            tree("/var/mail", "users' mailboxes"),
            tree("/var/run", "the running system's state, in memory"),
            tree("/var/lock", "the running system's lock files"),
            tree("/var/empty", "an empty directory services rely on staying empty"));

    /** /lib, /lib32, /lib64, /libx32, /libexec: libraries, wherever a distribution puts them. */
    private static final Pattern LIB = Pattern.compile("lib(32|64|x32|exec)?");

    /** Refused themselves (their subdirectories are judged on their own). */
    private static final List<Tree> EXACT =
            List.of(tree("/", "the whole system's tree"), tree("/var", "the system's variable data"));

    /** Pseudo file systems: the kernel makes their files up; nothing written there reaches a disk. */
    static final Set<String> PSEUDO = Set.of(
            "proc",
            "sysfs",
            "devpts",
            "cgroup",
            "cgroup2",
            "debugfs",
            "tracefs",
            "securityfs",
            "pstore",
            "bpf",
            "configfs",
            "fusectl",
            "mqueue",
            "efivarfs",
            "binfmt_misc",
            "autofs",
            "nsfs",
            "selinuxfs",
            "rpc_pipefs",
            "nfsd");

    /** File systems that keep their files in memory: no device under them. */
    static final Set<String> MEMORY = Set.of("tmpfs", "ramfs", "hugetlbfs", "devtmpfs");

    /** What to use instead, for every refusal of a place. */
    public static final String INSTEAD = "a directory of your own on a disk file system (ext4, xfs, btrfs), e.g."
            + " /var/tmp/dio-lab (mkdir -p /var/tmp/dio-lab) or one under your home";

    private SystemPlaces() {}

    private static Tree tree(String root, String holds) {
        return new Tree(Path.of(root), holds);
    }

    /**
     * Why {@code real} (absolute, without symlinks) is a system place, as "/etc, which holds the system's
     * configuration", or empty when DIO Lab may use it.
     */
    public static Optional<String> systemPlace(Path real) {
        for (Tree t : EXACT) {
            if (real.equals(t.root())) {
                return Optional.of(describe(real, t));
            }
        }
        for (Tree t : TREES) {
            if (real.startsWith(t.root())) {
                return Optional.of(describe(real, t));
            }
        }
        if (real.getNameCount() >= 1 && LIB.matcher(real.getName(0).toString()).matches()) {
            Tree lib = new Tree(real.getRoot().resolve(real.getName(0)), "the system's libraries");
            return Optional.of(describe(real, lib));
        }
        return Optional.empty();
    }

    private static String describe(Path real, Tree t) {
        return real.equals(t.root())
                ? real + ", which holds " + t.holds()
                : real + ", inside " + t.root() + ", which holds " + t.holds();
    }

    /** The kind of file system {@code type} is, for where files may go. */
    public enum Kind {
        /** Files on a device (or a network file system): usable. */
        DISK,
        /** proc, sysfs, ...: no files can be stored there. */
        PSEUDO,
        /** tmpfs, ramfs, ...: files live in memory. */
        MEMORY
    }

    public static Kind kind(String fsType) {
        if (PSEUDO.contains(fsType)) {
            return Kind.PSEUDO;
        }
        return MEMORY.contains(fsType) ? Kind.MEMORY : Kind.DISK;
    }
}
