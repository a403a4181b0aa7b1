package org.diolab.live.kernel;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What one kernel-lab run owns, and proof of it that survives the run being killed. The run works in its own
 * directory {@code .dio-lab-kernel-<pid>-<start>} inside the scratch directory (mode 0700), holds an exclusive
 * {@code flock} on its {@code lock} file for its whole life, and appends every image it creates (with its device and
 * inode) and every mount point to its {@code owned} file <em>before</em> attaching or mounting it. So:
 * <ul>
 *   <li>a live run's directory is never swept: its owner process is alive and its lock is held;</li>
 *   <li>a killed run's directory (owner gone and the lock free) names exactly what to undo; {@link Teardown} finds
 *       the loop devices backed by those inodes and the mounts of those devices at those mount points, and only
 *       those.</li>
 * </ul>
 * This is the only class that creates or deletes files for the lab; the live engine's scratch files use the same
 * idea (owner in the name, lock held for the run) and this class can move onto a shared implementation later.
 */
final class LabOwnership implements AutoCloseable {
    static final String PREFIX = ".dio-lab-kernel-";
    private static final Pattern NAME = Pattern.compile("\\.dio-lab-kernel-(\\d{1,10})-(\\d{1,19})-(\\d{1,9})");
    private static final java.util.concurrent.atomic.AtomicInteger RUNS = new java.util.concurrent.atomic.AtomicInteger();
    private static final long SELF_START = ProcessHandle.current().info().startInstant()
            .map(Instant::toEpochMilli).orElse(0L);
    private static final String LOCK = "lock";
    private static final String OWNED = "owned";

    private final Path runDir;
    private final KernelFd lock;
    private boolean closed;

    private LabOwnership(Path runDir, KernelFd lock) {
        this.runDir = runDir;
        this.lock = lock;
    }

    /** Creates this run's directory in {@code scratch} and takes its lock. */
    static LabOwnership claim(Path scratch) throws IOException {
        Path dir = scratch.resolve(PREFIX + ProcessHandle.current().pid() + "-" + SELF_START + "-"
                + RUNS.incrementAndGet());
        Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        Path lockFile = Files.createFile(dir.resolve(LOCK));
        Files.createFile(dir.resolve(OWNED));
        KernelFd fd = KernelFd.open(lockFile, KernelCalls.O_RDWR);
        if (!fd.tryLock()) {
            fd.close();
            throw new IOException("could not lock " + lockFile + ", which this run has just created");
        }
        return new LabOwnership(dir, fd);
    }

    Path runDir() {
        return runDir;
    }

    /** A new sparse image file of {@code size} bytes, recorded (with its inode) before anything uses it. */
    synchronized Path newImage(String tag, long size) throws IOException {
        ensureOpen();
        Path p = runDir.resolve(tag + ".img");
        Files.newByteChannel(p, java.util.Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE,
                LinkOption.NOFOLLOW_LINKS)).close();
        try (RandomAccessFile f = new RandomAccessFile(p.toFile(), "rw")) {
            f.setLength(size); // ftruncate: sparse, no blocks until written
        }
        record("image " + p.getFileName() + " " + FileIdentity.of(p).format());
        return p;
    }

    /** A new empty directory to mount on, recorded before anything is mounted there. */
    synchronized Path newMountPoint(String tag) throws IOException {
        ensureOpen();
        Path p = Files.createDirectory(runDir.resolve("mnt-" + tag));
        record("mountpoint " + p.getFileName());
        return p;
    }

    /**
     * A new empty directory for test files on a filesystem the lab did not build ({@code --mount}); its regular files
     * are deleted with it.
     */
    synchronized Path newWorkDir(String tag) throws IOException {
        ensureOpen();
        Path p = Files.createDirectory(runDir.resolve("work-" + tag));
        record("workdir " + p.getFileName());
        return p;
    }

    private void record(String line) throws IOException {
        try (FileChannel ch = FileChannel.open(runDir.resolve(OWNED), StandardOpenOption.APPEND,
                StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS)) {
            ch.write(java.nio.ByteBuffer.wrap((line + "\n").getBytes(StandardCharsets.UTF_8)));
            ch.force(true); // on disk before the image is attached or the mount made
        }
    }

    /** What this run recorded so far. */
    synchronized OwnedResources owned() throws IOException {
        return OwnedResources.read(runDir);
    }

    private void ensureOpen() {
        if (closed) {
            throw new IllegalStateException("kernel-lab run directory is closed");
        }
    }

    /** Undoes everything this run recorded, deletes its directory, then releases the lock. */
    @Override
    public void close() throws IOException {
        release();
    }

    /** {@link #close()}, returning what was undone. */
    synchronized Teardown.Report release() throws IOException {
        if (closed) {
            return Teardown.Report.EMPTY;
        }
        closed = true;
        try {
            Teardown.Report r = Teardown.undo(OwnedResources.read(runDir), HostTools.locate());
            removeRunDir(runDir, r);
            return r;
        } finally {
            lock.close();
        }
    }

    private static void removeRunDir(Path dir, Teardown.Report r) throws IOException {
        if (!r.complete()) {
            throw new IOException("could not undo everything in " + dir + ": " + String.join("; ", r.problems())
                    + "; the next kernel-lab run in this directory will try again");
        }
        Files.deleteIfExists(dir.resolve(OWNED));
        Files.deleteIfExists(dir.resolve(LOCK));
        try {
            Files.delete(dir);
        } catch (java.nio.file.DirectoryNotEmptyException e) {
            throw new IOException(dir + " still holds files the lab did not record; left in place for you to look"
                    + " at", e);
        }
    }

    /**
     * Undoes what killed runs left in {@code scratch}: only directories named like ours whose owner process is gone
     * and whose lock nobody holds. What cannot be undone is reported, not forced, and the directory stays.
     */
    static List<Teardown.Report> sweep(Path scratch, HostTools tools) throws IOException {
        List<Teardown.Report> out = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(scratch, PREFIX + "*")) {
            for (Path dir : entries) {
                Optional<KernelFd> held = abandoned(dir);
                if (held.isEmpty()) {
                    continue;
                }
                try (KernelFd lock = held.get()) {
                    Teardown.Report r = Teardown.undo(OwnedResources.read(dir), tools);
                    if (r.complete()) {
                        removeRunDir(dir, r);
                    }
                    out.add(r); // with its problems, if any: what is left stays for a later sweep or for the user
                }
            }
        }
        return out;
    }

    /** The lock of {@code dir}, taken, when it is a killed run's directory; empty for anything else. */
    private static Optional<KernelFd> abandoned(Path dir) throws IOException {
        Matcher m = NAME.matcher(dir.getFileName().toString());
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS) || !m.matches()
                || !ownerGone(Long.parseLong(m.group(1)), Long.parseLong(m.group(2)))) {
            return Optional.empty();
        }
        Path lockFile = dir.resolve(LOCK);
        if (!Files.isRegularFile(lockFile, LinkOption.NOFOLLOW_LINKS)) {
            Files.createFile(lockFile); // killed before it was created: ours to create and take now
        }
        KernelFd fd = KernelFd.open(lockFile, KernelCalls.O_RDWR);
        if (fd.tryLock()) {
            return Optional.of(fd);
        }
        fd.close();
        return Optional.empty();
    }

    /** No live process has the pid, or the one that has it started at another time (a recycled pid). */
    static boolean ownerGone(long pid, long startMillis) {
        Optional<ProcessHandle> p = ProcessHandle.of(pid);
        if (p.isEmpty() || !p.get().isAlive()) {
            return true;
        }
        return startMillis != 0 && p.get().info().startInstant().map(s -> s.toEpochMilli() != startMillis)
                .orElse(false);
    }
}
