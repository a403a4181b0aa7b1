package org.diolab.live.scratch;

import com.sun.nio.file.ExtendedOpenOption;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.diolab.sys.ErrnoException;
import org.diolab.sys.Fd;
import org.diolab.sys.FileId;
import org.diolab.sys.FileStat;
import org.diolab.sys.LibC;

/**
 * One file a scratch session created, held by the descriptor that created it ({@code openat} with
 * {@code O_CREAT|O_EXCL|O_NOFOLLOW}). Everything later goes through that descriptor, never through the name: other
 * descriptors are opened from {@code /proc/self/fd/N} (the same inode, whatever now sits at the name) and checked
 * by device and inode; removal checks the name still points at this inode. A hard link or symlink swapped in at the
 * name after creation is therefore never written, read or deleted.
 *
 * <p>Files are also found by their path ({@link #of(Path)}) so code that passes paths around reaches the held
 * descriptor; a path no open session created is refused.
 */
public final class ScratchFile implements AutoCloseable {
    private static final Map<Path, ScratchFile> OPEN = new ConcurrentHashMap<>();

    private final DirHandle dir;
    private final String name;
    private final int fd;
    private final FileStat identity;
    private boolean closed;

    private ScratchFile(DirHandle dir, String name, int fd, FileStat identity) {
        this.dir = dir;
        this.name = name;
        this.fd = fd;
        this.identity = identity;
    }

    /** Creates {@code name} in {@code dir}; fails if anything (file, link, FIFO) already has that name. */
    static ScratchFile create(DirHandle dir, String name) throws IOException {
        int fd = dir.openAt(name, LibC.O_RDWR | LibC.O_CREAT | LibC.O_EXCL, 0600);
        try {
            ScratchFile f = new ScratchFile(dir, name, fd, LibC.fstat(fd));
            OPEN.put(f.path(), f);
            return f;
        } catch (IOException | RuntimeException e) {
            LibC.close(fd);
            throw e;
        }
    }

    /**
     * Opens an existing file (a kept one) that must be {@code expected}: a regular file with that device and inode,
     * owned by this user.
     */
    static ScratchFile adopt(DirHandle dir, String name, FileStat expected, int uid) throws IOException {
        int fd = dir.openAt(name, LibC.O_RDWR | LibC.O_NONBLOCK, 0);
        try {
            FileStat now = LibC.fstat(fd);
            if (!now.isRegularFile() || !now.sameFile(expected) || now.uid() != uid) {
                throw new IOException(dir.path().resolve(name) + " is not the file DIO Lab kept there");
            }
            ScratchFile f = new ScratchFile(dir, name, fd, now);
            OPEN.put(f.path(), f);
            return f;
        } catch (IOException | RuntimeException e) {
            LibC.close(fd);
            throw e;
        }
    }

    /** The open scratch file at {@code path}, if an open session created one there. */
    public static java.util.Optional<ScratchFile> find(Path path) {
        return java.util.Optional.ofNullable(OPEN.get(path));
    }

    /** The open scratch file at {@code path}; refused when no open session created a file there. */
    public static ScratchFile of(Path path) throws IOException {
        ScratchFile f = OPEN.get(path);
        if (f == null) {
            throw new IOException(path + " is not a file of an open scratch session; DIO Lab opens only files it"
                    + " created itself");
        }
        return f;
    }

    public String name() {
        return name;
    }

    /** Where the file is, for messages and for tools (fio) that need a path. */
    public Path path() {
        return dir.path().resolve(name);
    }

    FileStat identity() {
        return identity;
    }

    /** The file's device, inode and birth time (from the descriptor that created it). */
    public FileId id() {
        return identity.id();
    }

    /** The directory the file was created in. */
    DirHandle dir() {
        return dir;
    }

    int fd() {
        return fd;
    }

    /**
     * {@code /proc/self/fd/N}: a path that reaches this very inode through the held descriptor, whatever now sits at
     * the name; opening it gives another descriptor of this file (for {@link java.nio.channels.FileChannel}, or a
     * descriptor to hand to the kernel, such as a loop device's backing file). Valid while the file is open, in this
     * process only.
     */
    public synchronized Path procPath() throws IOException {
        ensureOpen();
        return DirHandle.procPath(fd);
    }

    /**
     * A channel on this very file (opened through the held descriptor, see {@link #procPath}); {@code direct} adds
     * O_DIRECT. The caller closes it.
     */
    public FileChannel channel(boolean direct) throws IOException {
        return direct
                ? FileChannel.open(
                        procPath(), StandardOpenOption.READ, StandardOpenOption.WRITE, ExtendedOpenOption.DIRECT)
                : FileChannel.open(procPath(), StandardOpenOption.READ, StandardOpenOption.WRITE);
    }

    /** Sets the size through the descriptor ({@code ftruncate}): growing makes a sparse file, no blocks written. */
    public synchronized void setLength(long size) throws IOException {
        ensureOpen();
        try (Arena a = Arena.ofConfined()) {
            MemorySegment state = LibC.newCallState(a);
            long r = LibC.call(state, LibC.Nr.FTRUNCATE, fd, size, 0, 0);
            if (r != 0) {
                throw new ErrnoException("set the size of " + path(), (int) -r);
            }
        }
    }

    /** Current size, through the descriptor. */
    public long size() throws IOException {
        return LibC.fstat(fd).size();
    }

    /** True while the file's name in the directory still points at this file. */
    boolean stillNamed() throws IOException {
        return dir.statAt(name).map(identity::sameFile).orElse(false);
    }

    /**
     * Another descriptor of this file with other flags ({@code O_DIRECT}, read-only): opened from the held
     * descriptor, then checked to be the same device and inode.
     */
    public synchronized Fd open(boolean direct, boolean writable) throws IOException {
        ensureOpen();
        int flags = (writable ? LibC.O_RDWR : LibC.O_RDONLY) | (direct ? LibC.O_DIRECT : 0);
        int other = LibC.open(DirHandle.procPath(fd).toString(), flags, 0);
        try {
            if (!LibC.fstat(other).sameFile(identity)) {
                throw new IOException("reopening " + path() + " reached another file; refusing to use it");
            }
            return Fd.adopt(other, path().toString());
        } catch (IOException | RuntimeException e) {
            LibC.close(other);
            throw e;
        }
    }

    /** {@link #open(boolean, boolean)} for the open scratch file at {@code path}. */
    public static Fd open(Path path, boolean direct, boolean writable) throws IOException {
        return of(path).open(direct, writable);
    }

    /**
     * Removes the file's name if it still points at this file, then closes the descriptor.
     *
     * @return null when removed (or already gone), else why it was left
     */
    synchronized String remove() {
        String why;
        try {
            why = dir.unlinkIfSame(name, identity).orElse(null);
        } catch (IOException e) {
            why = e.getMessage();
        }
        close();
        return why;
    }

    private void ensureOpen() throws IOException {
        if (closed) {
            throw new IOException(path() + " was closed by its scratch session");
        }
    }

    @Override
    public synchronized void close() {
        if (!closed) {
            closed = true;
            OPEN.remove(path(), this);
            LibC.close(fd);
        }
    }
}
