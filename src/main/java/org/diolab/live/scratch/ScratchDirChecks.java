package org.diolab.live.scratch;

import com.sun.nio.file.ExtendedOpenOption;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.channels.FileChannel;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Locale;
import java.util.Optional;
import org.diolab.live.job.JobSpec;
import org.diolab.live.job.LiveRefusal;
import org.diolab.live.probe.CacheResidency;
import org.diolab.live.probe.PageCache;
import org.diolab.sys.DirectIoAlignment;
import org.diolab.sys.Errno;
import org.diolab.sys.ErrnoException;
import org.diolab.sys.Fd;
import org.diolab.sys.LibC;

/**
 * Decides whether a directory can hold a live run, before any real work: it is a place DIO Lab may use
 * ({@link ScratchPlace}: named, reachable, not a system directory, on a disk file system, existing, a directory and
 * not a symlink), we can create files in it, and O_DIRECT really works there (a probe file
 * is written and read back with O_DIRECT, then removed). Each refusal says why and what to do.
 */
final class ScratchDirChecks {
    private static final String PICK_DISK = "pick a directory on a disk-backed filesystem such as ext4, xfs or btrfs"
            + " (for example under your home directory or /var/tmp) with --dir";

    private ScratchDirChecks() {}

    /**
     * The real directory {@code given} names; refuses empty names, unreachable, system and memory-backed places,
     * links, missing paths and non-directories ({@link ScratchPlace}).
     */
    static Path resolve(Path given) {
        Path real = ScratchPlace.resolve(given, ScratchPlace.Use.SCRATCH_FILES);
        if (!Files.isDirectory(Path.of("/proc/self/fd"))) {
            throw new LiveRefusal(
                    LiveRefusal.Reason.NO_DIRECT_IO,
                    "/proc is not mounted; DIO Lab reaches its"
                            + " scratch files through /proc/self/fd, so mount proc (mount -t proc proc /proc) first");
        }
        return real;
    }

    /** The filesystem of {@code dir}; refuses those that keep files in memory or hold none. */
    static FileStore filesystem(Path dir) throws IOException {
        FileStore store = Files.getFileStore(dir);
        ScratchPlace.refuseFileSystem(dir, store.type().toLowerCase(Locale.ROOT), ScratchPlace.Use.SCRATCH_FILES);
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

    /**
     * What the probe file allows for O_DIRECT: its own statx answer, else its device's logical block size, else the
     * filesystem's block size (the rule before either was known).
     */
    static DirectIoAlignment directIo(ScratchFile probe, int blockSize) {
        Optional<DirectIoAlignment> a = DirectIoAlignment.ofFile(probe.fd());
        if (a.isEmpty()) {
            try {
                a = DirectIoAlignment.ofDevice(LibC.fstat(probe.fd()).dev());
            } catch (ErrnoException e) {
                a = Optional.empty();
            }
        }
        return a.orElse(new DirectIoAlignment(blockSize, blockSize, "the filesystem block size"));
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
