package org.diolab.live.scratch;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;
import org.diolab.live.job.LiveRefusal;
import org.diolab.sys.MountTable;
import org.jspecify.annotations.Nullable;

/**
 * Decides whether a directory given on the command line may hold DIO Lab's files, on the place it really is: the path
 * is followed component by component (symlinks too, for the decision only), and refused, saying why and what to use
 * instead, when it cannot be reached (a parent that is not searchable), leads into a system directory
 * ({@link SystemPlaces}), is on a pseudo or memory-backed file system, does not exist, is itself a symlink, or is not
 * a directory. bench, calibrate and the kernel lab (--dir and --mount) all ask here first.
 */
public final class ScratchPlace {
    /** What would go in the directory, and the option that named it: said in every refusal. */
    public enum Use {
        SCRATCH_FILES("scratch files", "--dir"),
        LAB_IMAGES("the lab's images and mount points", "--dir"),
        USER_BTRFS("test files", "--mount");

        final String what;
        final String option;

        Use(String what, String option) {
            this.what = what;
            this.option = option;
        }
    }

    /**
     * How far a path leads: the real directory its existing part reaches and the part that does not exist yet, or
     * the directory that could not be searched, or the symlink whose target does not exist.
     */
    private record Reach(
            Path real,
            Path missing,
            @Nullable Path blocked,
            @Nullable Path dangling) {}

    private ScratchPlace() {}

    /**
     * The real directory {@code given} names, for {@code use}.
     *
     * @throws LiveRefusal when it may not or cannot be used, with the reason and what to use instead
     */
    public static Path resolve(@Nullable Path given, Use use) {
        if (given == null || given.toString().isEmpty()) {
            throw new LiveRefusal(
                    LiveRefusal.Reason.NOT_A_DIRECTORY,
                    "no " + (use == Use.USER_BTRFS ? "btrfs mount point" : "scratch directory")
                            + " given (an empty name would mean the current directory); pass " + use.option + " DIR");
        }
        Path abs = given.toAbsolutePath().normalize();
        Reach r = reach(abs);
        if (r.blocked() != null) {
            throw new LiveRefusal(
                    LiveRefusal.Reason.NOT_SEARCHABLE,
                    "cannot look inside " + r.blocked() + " (" + whyNotSearchable(r.blocked())
                            + "), so whether " + abs + " exists cannot even be checked; pass a " + use.option
                            + " you can reach, or let yourself search " + r.blocked());
        }
        if (r.dangling() != null) {
            throw new LiveRefusal(
                    LiveRefusal.Reason.SYMLINK,
                    r.dangling() + " is a symbolic link to " + linkTarget(r.dangling())
                            + ", which does not exist; DIO Lab never works through links in its scratch path. Pass an"
                            + " existing directory with " + use.option);
        }
        Path real = r.missing().toString().isEmpty() ? r.real() : r.real().resolve(r.missing());
        String shown = real.equals(abs) ? "" : abs + " leads (through a symbolic link) to ";
        fileSystemOf(r.real()).ifPresent(type -> refuseFileSystem(shown, r.real(), type, use));
        Optional<String> system = SystemPlaces.systemPlace(real);
        if (system.isPresent()) {
            throw new LiveRefusal(
                    LiveRefusal.Reason.SYSTEM_DIRECTORY,
                    shown + system.get() + ": DIO Lab never puts " + use.what + " in the system's own directories"
                            + " (a killed run's leftovers would stay there); use " + SystemPlaces.INSTEAD);
        }
        if (!r.missing().toString().isEmpty()) {
            throw new LiveRefusal(
                    LiveRefusal.Reason.NOT_A_DIRECTORY,
                    abs + " does not exist; create it first (mkdir -p " + abs + ") or pass another " + use.option);
        }
        if (!Files.isDirectory(real, LinkOption.NOFOLLOW_LINKS)) {
            throw new LiveRefusal(
                    LiveRefusal.Reason.NOT_A_DIRECTORY,
                    abs + (real.equals(abs) ? "" : " (" + real + ")")
                            + " is not a directory; DIO Lab creates its own files inside the directory you pass with "
                            + use.option);
        }
        if (Files.isSymbolicLink(abs)) {
            // only now is the real directory known to be usable, so only now may the message point at it
            throw new LiveRefusal(
                    LiveRefusal.Reason.SYMLINK,
                    abs + " is a symbolic link (to " + real
                            + "); DIO Lab never works through links in its scratch path. Pass the real directory: "
                            + use.option + " " + real);
        }
        return real;
    }

    /**
     * Refuses a pseudo or memory-backed file system {@code type} for {@code dir}; returns when it is a disk's (or a
     * network's).
     */
    static void refuseFileSystem(Path dir, String type, Use use) {
        refuseFileSystem("", dir, type, use);
    }

    private static void refuseFileSystem(String shown, Path dir, String type, Use use) {
        String on = shown + dir + (shown.isEmpty() ? " is on " : ", which is on ") + type;
        switch (SystemPlaces.kind(type)) {
            case PSEUDO ->
                throw new LiveRefusal(
                        LiveRefusal.Reason.NOT_A_DISK,
                        on + ", a pseudo file system the kernel makes up, not a disk file system:"
                                + " nothing written there reaches a disk; use " + SystemPlaces.INSTEAD);
            case MEMORY ->
                throw new LiveRefusal(
                        LiveRefusal.Reason.NO_DIRECT_IO,
                        on + ", which keeps files in memory: "
                                + (use == Use.LAB_IMAGES
                                        ? "the lab's images (sparse, 1 GiB or more each) would take RAM as they fill,"
                                                + " and its loop devices would read and write memory, not a disk"
                                        : "the kernel may accept O_DIRECT there (tmpfs does since Linux 6.6), but no"
                                                + " device is involved, so there is no direct I/O to measure")
                                + "; use " + SystemPlaces.INSTEAD + ", with " + use.option);
            case DISK -> {}
        }
    }

    /** Follows {@code abs} from the root, one component at a time, as far as it exists and can be searched. */
    private static Reach reach(Path abs) {
        Path cur = abs.getRoot();
        int n = abs.getNameCount();
        for (int i = 0; i < n; i++) {
            Path next = cur.resolve(abs.getName(i));
            Path rest = abs.subpath(i, n);
            try {
                BasicFileAttributes a =
                        Files.readAttributes(next, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
                if (a.isSymbolicLink()) {
                    try {
                        next = next.toRealPath();
                    } catch (NoSuchFileException e) {
                        return new Reach(cur, rest, null, next);
                    }
                }
            } catch (NoSuchFileException e) {
                return new Reach(cur, rest, null, null);
            } catch (AccessDeniedException e) {
                return new Reach(cur, rest, cur, null);
            } catch (IOException e) {
                return new Reach(cur, rest, null, null); // e.g. a link loop: judged below as a missing part
            }
            cur = next;
        }
        return new Reach(cur, Path.of(""), null, null);
    }

    /** "it is rwx------ and belongs to alice; you are bob" */
    private static String whyNotSearchable(Path dir) {
        try {
            PosixFileAttributes a = Files.readAttributes(dir, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            return "permission denied: it is " + PosixFilePermissions.toString(a.permissions()) + " and belongs to "
                    + a.owner().getName() + "; you are " + System.getProperty("user.name");
        } catch (IOException | UnsupportedOperationException e) {
            return "permission denied";
        }
    }

    private static String linkTarget(Path link) {
        try {
            return Files.readSymbolicLink(link).toString();
        } catch (IOException e) {
            return "(unreadable)";
        }
    }

    /** The file system type of the mount holding {@code real}, when mountinfo can be read. */
    private static Optional<String> fileSystemOf(Path real) {
        try {
            return MountTable.containing(MountTable.read(), real).map(MountTable.Mount::fsType);
        } catch (IOException e) {
            return Optional.empty(); // no /proc: the scratch checks refuse that on their own
        }
    }
}
