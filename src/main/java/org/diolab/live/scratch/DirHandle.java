package org.diolab.live.scratch;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.diolab.sys.Errno;
import org.diolab.sys.ErrnoException;
import org.diolab.sys.FileId;
import org.diolab.sys.FileStat;
import org.diolab.sys.LibC;

/**
 * A directory held open by descriptor ({@code O_DIRECTORY|O_NOFOLLOW}), and the calls that work relative to it:
 * {@code openat}, {@code statx}, {@code unlinkat}. Once open, renaming the directory or replacing a parent with a
 * symlink changes nothing: every file is created, checked and removed in the directory that was checked.
 */
public final class DirHandle implements AutoCloseable {
    private final Path path;
    private final int fd;
    private final FileStat identity;
    private boolean closed;

    private DirHandle(Path path, int fd, FileStat identity) {
        this.path = path;
        this.fd = fd;
        this.identity = identity;
    }

    /** Opens {@code dir}, refusing a symlink in its last component. */
    public static DirHandle open(Path dir) throws IOException {
        requireCalls();
        int fd = LibC.open(dir.toString(), LibC.O_RDONLY | LibC.O_DIRECTORY | LibC.O_NOFOLLOW | LibC.O_CLOEXEC, 0);
        return held(dir, fd);
    }

    private static DirHandle held(Path dir, int fd) throws IOException {
        try {
            return new DirHandle(dir, fd, LibC.fstat(fd));
        } catch (IOException | RuntimeException e) {
            LibC.close(fd);
            throw e;
        }
    }

    /** Opens the subdirectory {@code name} (never through a symlink). */
    DirHandle openDirAt(String name) throws IOException {
        return held(path.resolve(name), openAt(name, LibC.O_RDONLY | LibC.O_DIRECTORY, 0));
    }

    static void requireCalls() throws IOException {
        if (!LibC.available()) {
            throw new IOException("this C library lacks openat/statx/flock (glibc 2.28 or newer has them)");
        }
    }

    /** The directory as it was named when opened (for messages). */
    public Path path() {
        return path;
    }

    int fd() {
        return fd;
    }

    FileStat identity() {
        return identity;
    }

    /** The directory's device, inode and birth time, as it was when opened. */
    public FileId id() {
        return identity.id();
    }

    /**
     * {@code /proc/<pid>/fd/N}: a path that reaches this very directory from a tool this process starts, whatever its
     * name is now (e.g. {@code mount --no-canonicalize DEVICE <this>} mounts on exactly this directory). Valid while
     * this handle is open.
     */
    public Path toolPath() {
        return Path.of("/proc/" + ProcessHandle.current().pid() + "/fd/" + fd);
    }

    /** {@code /proc/self/fd/N}: a path that reaches this very directory, whatever its name is now. */
    Path procPath() {
        return procPath(fd);
    }

    static Path procPath(int fd) {
        return Path.of("/proc/self/fd/" + fd);
    }

    /** The names in the directory (listed through the descriptor). */
    List<String> names() throws IOException {
        List<String> out = new ArrayList<>();
        try (DirectoryStream<Path> s = Files.newDirectoryStream(procPath())) {
            for (Path p : s) {
                out.add(p.getFileName().toString());
            }
        }
        return out;
    }

    /** statx of the entry {@code name} itself (a symlink is reported as one), or empty when there is none. */
    Optional<FileStat> statAt(String name) throws IOException {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment buf = a.allocate(FileStat.STRUCT_SIZE, 8);
            MemorySegment state = LibC.newCallState(a);
            long r = LibC.call(
                    state,
                    LibC.Nr.STATX,
                    fd,
                    a.allocateFrom(name).address(),
                    LibC.AT_SYMLINK_NOFOLLOW,
                    FileStat.MASK,
                    buf.address(),
                    0);
            if (r == 0) {
                return Optional.of(FileStat.of(buf));
            }
            int errno = (int) -r;
            if (errno == Errno.ENOENT) {
                return Optional.empty();
            }
            throw new ErrnoException("stat " + path.resolve(name), errno);
        } catch (IOException e) {
            throw e;
        } catch (Throwable t) {
            throw LibC.rethrow(t);
        }
    }

    /** {@code openat(dirfd, name, flags | O_NOFOLLOW | O_CLOEXEC, mode)}; the new descriptor, or an exception. */
    int openAt(String name, int flags, int mode) throws IOException {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment state = LibC.newCallState(a);
            long r = LibC.call(
                    state,
                    LibC.Nr.OPENAT,
                    fd,
                    a.allocateFrom(name).address(),
                    flags | LibC.O_NOFOLLOW | LibC.O_CLOEXEC,
                    mode);
            if (r < 0) {
                throw new ErrnoException("open " + path.resolve(name), (int) -r);
            }
            return (int) r;
        } catch (IOException e) {
            throw e;
        } catch (Throwable t) {
            throw LibC.rethrow(t);
        }
    }

    /** Creates the directory {@code name} with {@code mode}; fails if anything has that name. */
    void mkdirAt(String name, int mode) throws IOException {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment state = LibC.newCallState(a);
            long r = LibC.call(state, LibC.Nr.MKDIRAT, fd, a.allocateFrom(name).address(), mode, 0);
            if (r != 0) {
                throw new ErrnoException("create directory " + path.resolve(name), (int) -r);
            }
        }
    }

    /** Removes the entry {@code name} (never a directory). */
    void unlinkAt(String name) throws IOException {
        unlinkAt(name, 0);
    }

    /** Removes the empty directory {@code name}. */
    void rmdirAt(String name) throws IOException {
        unlinkAt(name, LibC.AT_REMOVEDIR);
    }

    private void unlinkAt(String name, int flags) throws IOException {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment state = LibC.newCallState(a);
            long r = LibC.call(state, LibC.Nr.UNLINKAT, fd, a.allocateFrom(name).address(), flags, 0);
            if (r != 0) {
                throw new ErrnoException("remove " + path.resolve(name), (int) -r);
            }
        } catch (IOException e) {
            throw e;
        } catch (Throwable t) {
            throw LibC.rethrow(t);
        }
    }

    /**
     * Removes {@code name} (a file, or an empty directory) only while it still names {@code expected}: a file renamed
     * or linked over it stays, and so does a directory something is mounted on (its name then reaches the mounted
     * root, not the directory).
     *
     * @return empty when removed (or already gone), else why it was left
     */
    Optional<String> unlinkIfSame(String name, FileStat expected) throws IOException {
        Optional<FileStat> now = statAt(name);
        if (now.isEmpty()) {
            return Optional.empty();
        }
        if (!now.get().sameFile(expected)) {
            return Optional.of(
                    "the name now points at another file (" + now.get().kind() + "), which was left" + " alone");
        }
        if (now.get().isDirectory()) {
            rmdirAt(name);
        } else {
            unlinkAt(name);
        }
        return Optional.empty();
    }

    @Override
    public synchronized void close() {
        if (!closed) {
            closed = true;
            LibC.close(fd);
        }
    }
}
