package org.diolab.live.scratch;

import com.sun.nio.file.ExtendedOpenOption;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.channels.FileChannel;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Locale;
import java.util.Set;
import org.diolab.live.job.JobSpec;
import org.diolab.live.job.LiveRefusal;
import org.diolab.live.probe.CacheResidency;
import org.diolab.live.probe.PageCache;
import org.diolab.sys.Errno;
import org.diolab.sys.ErrnoException;
import org.diolab.sys.Fd;

/**
 * Decides whether a directory can hold a live run, before any real work: it is named, exists, is a directory and
 * not a symlink, it is backed by a device, we can create files in it, and O_DIRECT really works there (a probe file
 * is written and read back with O_DIRECT, then removed). Each refusal says why and what to do.
 */
final class ScratchDirChecks {
    /** Filesystems with no block device under them: O_DIRECT there (if accepted at all) measures memory, not I/O. */
    private static final Set<String> MEMORY_FILESYSTEMS =
            Set.of("tmpfs", "ramfs", "hugetlbfs", "devtmpfs", "proc", "sysfs", "devpts", "cgroup", "cgroup2");

    private static final String PICK_DISK = "pick a directory on a disk-backed filesystem such as ext4, xfs or btrfs"
            + " (for example under your home directory or /var/tmp) with --dir";

    private ScratchDirChecks() {}

    /** The real directory {@code given} names; refuses empty names, links, missing paths and non-directories. */
    static Path resolve(Path given) {
        if (given == null || given.toString().isEmpty()) {
            throw new LiveRefusal(
                    LiveRefusal.Reason.NOT_A_DIRECTORY,
                    "no scratch directory given (an empty name" + " would mean the current directory); pass --dir DIR");
        }
        Path dir = given.toAbsolutePath().normalize();
        if (Files.isSymbolicLink(dir)) {
            String target = linkTarget(dir);
            Path real;
            try {
                real = dir.toRealPath();
            } catch (IOException e) {
                throw new LiveRefusal(
                        LiveRefusal.Reason.SYMLINK,
                        dir + " is a symbolic link to " + target
                                + ", which does not exist; DIO Lab never works through links in its scratch path. Pass an"
                                + " existing directory with --dir");
            }
            throw new LiveRefusal(
                    LiveRefusal.Reason.SYMLINK,
                    dir + " is a symbolic link (to " + real
                            + "); DIO Lab never works through links in its scratch path. Pass the real directory: --dir "
                            + real);
        }
        if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
            throw new LiveRefusal(
                    LiveRefusal.Reason.NOT_A_DIRECTORY,
                    dir + " does not exist; create it first" + " (mkdir -p " + dir + ") or pass another --dir");
        }
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            throw new LiveRefusal(
                    LiveRefusal.Reason.NOT_A_DIRECTORY,
                    dir + " is not a directory; DIO Lab creates"
                            + " its own files inside the directory you pass with --dir");
        }
        if (!Files.isDirectory(Path.of("/proc/self/fd"))) {
            throw new LiveRefusal(
                    LiveRefusal.Reason.NO_DIRECT_IO,
                    "/proc is not mounted; DIO Lab reaches its"
                            + " scratch files through /proc/self/fd, so mount proc (mount -t proc proc /proc) first");
        }
        try {
            return dir.toRealPath(); // ancestors may be links (/var/run); the files go where they really are
        } catch (IOException e) {
            throw new LiveRefusal(
                    LiveRefusal.Reason.NOT_A_DIRECTORY,
                    "cannot resolve " + dir + " (" + e.getMessage() + "); pass another --dir");
        }
    }

    private static String linkTarget(Path link) {
        try {
            return Files.readSymbolicLink(link).toString();
        } catch (IOException e) {
            return "(unreadable)";
        }
    }

    /** The filesystem of {@code dir}; refuses those that keep files in memory. */
    static FileStore filesystem(Path dir) throws IOException {
        FileStore store = Files.getFileStore(dir);
        String type = store.type().toLowerCase(Locale.ROOT);
        if (MEMORY_FILESYSTEMS.contains(type)) {
            throw new LiveRefusal(
                    LiveRefusal.Reason.NO_DIRECT_IO,
                    dir + " is on " + type + ", which keeps files"
                            + " in memory: the kernel may accept O_DIRECT there (tmpfs does since Linux 6.6), but no"
                            + " device is involved, so there is no direct I/O to measure; " + PICK_DISK);
        }
        return store;
    }

    /** The refusal for a failed create or write in {@code dir}: no room, or no permission. */
    static LiveRefusal cannotCreate(Path dir, ErrnoException e) {
        if (e.errno() == 28 || e.errno() == 122) { // ENOSPC, EDQUOT
            return new LiveRefusal(
                    LiveRefusal.Reason.NO_SPACE,
                    dir + " has no room left (" + Errno.text(e.errno())
                            + "); free some space there or pass a --dir on a filesystem with room");
        }
        return notWritable(dir, Errno.text(e.errno()));
    }

    static LiveRefusal notWritable(Path dir, String why) {
        return new LiveRefusal(
                LiveRefusal.Reason.NOT_WRITABLE,
                "cannot create files in " + dir + " (" + why
                        + "); pass a --dir you can write to, on the disk you want to measure");
    }

    static int alignment(FileStore store) {
        try {
            long b = store.getBlockSize();
            return (int) Math.max(JobSpec.BLOCK, Math.min(b, 1 << 20));
        } catch (IOException | UnsupportedOperationException e) {
            return JobSpec.BLOCK;
        }
    }

    /** Writes and reads one aligned block with O_DIRECT; returns whether the page stayed out of the page cache. */
    static boolean probeDirect(ScratchFile probe, int alignment, String type) throws IOException {
        Path dir = probe.path().getParent();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment buf = arena.allocate(alignment, alignment);
            buf.fill((byte) 0x5a);
            try (FileChannel ch = FileChannel.open(
                    probe.procPath(), StandardOpenOption.READ, StandardOpenOption.WRITE, ExtendedOpenOption.DIRECT)) {
                ch.write(buf.asByteBuffer(), 0);
                buf.fill((byte) 0);
                ch.read(buf.asByteBuffer(), 0);
            } catch (IOException e) {
                throw new LiveRefusal(
                        LiveRefusal.Reason.NO_DIRECT_IO,
                        dir + " is on " + type + ", where O_DIRECT failed (" + e.getMessage() + "); " + PICK_DISK);
            }
            if (buf.get(java.lang.foreign.ValueLayout.JAVA_BYTE, alignment - 1) != 0x5a) {
                throw new LiveRefusal(
                        LiveRefusal.Reason.NO_DIRECT_IO,
                        dir + " is on " + type + ", where an O_DIRECT write did not read back; " + PICK_DISK);
            }
        }
        CacheResidency r;
        try (Fd f = probe.open(false, false)) {
            r = PageCache.residency(f);
        }
        return !r.known() || r.cachedPages() == 0;
    }
}
