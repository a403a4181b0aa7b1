package org.diolab.live.scratch;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.time.Instant;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.diolab.sys.Errno;
import org.diolab.sys.ErrnoException;
import org.diolab.sys.FileStat;
import org.diolab.sys.LibC;

/**
 * Ownership by lock, not by process id: a session's lock file ({@code .dio-lab-<session>.lock}), held with an
 * exclusive {@code flock} for as long as the session lives, and holding the session's {@link SessionManifest}.
 * A lock is released by the kernel when its holder dies, however it dies, and it is visible across PID
 * namespaces and containers sharing the directory, which a process id is not.
 *
 * <p>Anything that creates files in a user's directory (the live engine, the kernel lab) holds one: create it
 * before the first file, {@link #record} each file right after creating it, {@link #forget} it after removing it,
 * and {@link #release} at the end. {@link StaleSweep} removes a session's files only after taking its lock.
 * {@link ScratchDir} does all of this for the live engine; code that needs its own files can do it directly:
 *
 * <pre>{@code
 * try (DirHandle dir = DirHandle.open(realDir);
 *      SessionLock lock = SessionLock.create(dir, SessionLock.newSessionId())) {
 *     ScratchFile img = lock.createFile("img");          // .dio-lab-<session>-img, O_EXCL, recorded
 *     try (FileChannel ch = img.channel(false)) { ... } // I/O through the held descriptor
 *     String left = lock.removeFile(img);                // null when removed
 * }                                                      // lock file removed, flock dropped
 * }</pre>
 */
public final class SessionLock implements AutoCloseable {
    private final DirHandle dir;
    private final String name;
    private final int fd;
    private final FileStat identity;
    private final SessionManifest manifest;
    private final Map<String, DirHandle> subdirs = new HashMap<>();
    private boolean released;

    private SessionLock(DirHandle dir, String name, int fd, FileStat identity, SessionManifest manifest) {
        this.dir = dir;
        this.name = name;
        this.fd = fd;
        this.identity = identity;
        this.manifest = manifest;
    }

    /** Creates and locks a new session's lock file in {@code dir}. */
    public static SessionLock create(DirHandle dir, String session) throws IOException {
        return create(dir, session, null);
    }

    /**
     * Creates and locks a new session's lock file in {@code dir}, for a session that makes things outside the
     * directory too (loop devices, mounts): {@code teardown} names the tool whose {@link SessionTeardown} must undo
     * them before a sweep removes the session's files. A sweep without that teardown leaves the session alone.
     */
    public static SessionLock create(DirHandle dir, String session, String teardown) throws IOException {
        String name = ScratchFileName.lockName(session);
        int fd = dir.openAt(name, LibC.O_RDWR | LibC.O_CREAT | LibC.O_EXCL, 0600);
        FileStat created = null;
        try {
            created = LibC.fstat(fd);
            // Blocking: a sweep that opened the new, still empty file may hold the lock for a moment; it leaves an
            // empty file alone.
            flock(fd, LibC.LOCK_EX, name);
            SessionManifest m = new SessionManifest(
                    session,
                    HostIdentity.SELF,
                    LibC.geteuid(),
                    ProcessHandle.current().pid(),
                    Instant.now(),
                    teardown);
            SessionLock lock = new SessionLock(dir, name, fd, created, m);
            lock.write();
            return lock;
        } catch (IOException | RuntimeException e) {
            if (created != null) {
                try {
                    dir.unlinkIfSame(name, created); // e.g. a full disk: the file exists but holds no manifest
                } catch (IOException ignored) {
                    // an empty lock file is never taken for ours by a sweep: harmless if it stays
                }
            }
            LibC.close(fd);
            throw e;
        }
    }

    /** A fresh session id for {@link #create}: random, so sessions never collide across namespaces or hosts. */
    public static String newSessionId() {
        return ScratchFileName.newSession();
    }

    /**
     * Creates this session's file {@code .dio-lab-<session>-<tag>} in the lock's directory (it must not exist) and
     * records it.
     */
    public ScratchFile createFile(String tag) throws IOException {
        ScratchFile f = ScratchFile.create(dir, new ScratchFileName(session(), tag).fileName());
        try {
            record(f, "");
            return f;
        } catch (IOException | RuntimeException e) {
            f.remove();
            throw e;
        }
    }

    /**
     * Creates this session's directory {@code .dio-lab-<session>-<tag>} (mode 0700, so nobody else can create, swap
     * or remove names in it), records it, and returns it open: files go in it with {@link #createFileIn}, tools reach
     * it through {@link DirHandle#toolPath()}.
     */
    public synchronized DirHandle createDirectory(String tag) throws IOException {
        String name = new ScratchFileName(session(), tag).fileName();
        dir.mkdirAt(name, 0700);
        DirHandle sub;
        try {
            sub = dir.openDirAt(name);
        } catch (IOException | RuntimeException e) {
            dir.rmdirAt(name); // just made by us, empty
            throw e;
        }
        try {
            manifest.put(name, sub.identity(), "");
            write();
            subdirs.put(name, sub);
            return sub;
        } catch (IOException | RuntimeException e) {
            manifest.remove(name);
            dir.unlinkIfSame(name, sub.identity());
            sub.close();
            throw e;
        }
    }

    /** Creates the file {@code name} inside {@code sub}, a directory of this session, and records it. */
    public synchronized ScratchFile createFileIn(DirHandle sub, String name) throws IOException {
        String key = subdirName(sub) + "/" + name;
        ScratchFile f = ScratchFile.create(sub, name);
        try {
            manifest.put(key, f.identity(), "");
            write();
            return f;
        } catch (IOException | RuntimeException e) {
            manifest.remove(key);
            f.remove();
            throw e;
        }
    }

    /** Removes one of this session's files (if its name still points at it); null when gone, else why it stayed. */
    public String removeFile(ScratchFile f) throws IOException {
        String key = key(f);
        String why = f.remove();
        if (why == null) {
            forget(key);
        }
        return why;
    }

    /**
     * Removes one of this session's directories (it must be empty, and its name must still point at it: a directory
     * something is mounted on stays); null when gone, else why it stayed. Closes the handle either way.
     */
    public synchronized String removeDirectory(DirHandle sub) throws IOException {
        String name = subdirName(sub);
        String why;
        try {
            why = dir.unlinkIfSame(name, sub.identity()).orElse(null);
        } catch (IOException e) {
            why = e.getMessage();
        }
        if (why == null) {
            subdirs.remove(name);
            sub.close();
            forget(name);
        }
        return why;
    }

    /**
     * Records something the session made outside the directory (one printable line, e.g. "loop /dev/loop3
     * .dio-lab-…-a.img"), for the session's teardown and for people reading the lock file.
     */
    public synchronized void claim(String text) throws IOException {
        manifest.claim(text);
        write();
    }

    /** Drops a claim once what it names is undone. */
    public synchronized void unclaim(String text) throws IOException {
        manifest.unclaim(text);
        write();
    }

    /** The lock's directory. */
    public DirHandle dir() {
        return dir;
    }

    private String subdirName(DirHandle sub) {
        String name = sub.path().getFileName().toString();
        if (subdirs.get(name) != sub) {
            throw new IllegalArgumentException(sub.path() + " is not a directory of session " + session());
        }
        return name;
    }

    /** The manifest's name for one of this session's files: its name, or directory/name inside a session directory. */
    private synchronized String key(ScratchFile f) {
        return f.dir() == dir ? f.name() : subdirName(f.dir()) + "/" + f.name();
    }

    /** The outcome of trying to take an existing lock file: the lock, or why not. */
    record Attempt(SessionLock lock, String whyNot) {}

    /**
     * Takes the existing lock file {@code name} when it is ours and nobody holds it: a regular file owned by this
     * user, whose flock is free, holding a manifest written by DIO Lab on this host for this user.
     */
    static Attempt take(DirHandle dir, String name) throws IOException {
        int uid = LibC.geteuid();
        Optional<FileStat> st = dir.statAt(name);
        if (st.isEmpty()) {
            return new Attempt(null, "gone");
        }
        if (!st.get().isRegularFile()) {
            return new Attempt(null, "it is " + st.get().kind());
        }
        if (st.get().uid() != uid) {
            return new Attempt(
                    null,
                    "it belongs to user " + Integer.toUnsignedString(st.get().uid()));
        }
        int fd;
        try {
            fd = dir.openAt(name, LibC.O_RDWR | LibC.O_NONBLOCK, 0);
        } catch (ErrnoException e) {
            return new Attempt(null, e.getMessage());
        }
        try {
            FileStat now = LibC.fstat(fd);
            if (!now.sameFile(st.get())) {
                LibC.close(fd);
                return new Attempt(null, "it was replaced while being checked");
            }
            if (!tryFlock(fd)) {
                LibC.close(fd);
                return new Attempt(null, "a running session holds its lock");
            }
            Optional<SessionManifest> m = now.size() > SessionManifest.MAX_BYTES
                    ? Optional.empty()
                    : SessionManifest.parse(readAll(fd, (int) now.size()));
            String session = ScratchFileName.lockSession(name).orElse("");
            String why = m.isEmpty()
                    ? "it is not a DIO Lab lock file"
                    : !m.get().session().equals(session)
                            ? "it names another session"
                            : !m.get().host().same(HostIdentity.SELF)
                                    ? "it was written on another host ("
                                            + m.get().host().hostname() + ")"
                                    : m.get().uid() != uid ? "it was written for another user" : null;
            if (why != null) {
                LibC.close(fd); // closing drops the flock
                return new Attempt(null, why);
            }
            return new Attempt(new SessionLock(dir, name, fd, now, m.get()), null);
        } catch (IOException | RuntimeException e) {
            LibC.close(fd);
            throw e;
        }
    }

    public String session() {
        return manifest.session();
    }

    public String name() {
        return name;
    }

    SessionManifest manifest() {
        return manifest;
    }

    List<SessionManifest.Entry> files() {
        return manifest.files();
    }

    /** Adds a file the session has just created (with a note, e.g. a kept file's layout) and writes the manifest. */
    public synchronized void record(ScratchFile f, String note) throws IOException {
        manifest.put(key(f), f.identity(), note);
        write();
    }

    /** Drops a removed file from the manifest. */
    public synchronized void forget(String fileName) throws IOException {
        manifest.remove(fileName);
        write();
    }

    /**
     * Ends the session: removes the lock file when {@code removeFile} (only if its name still points at it), then
     * closes it, which drops the flock. A lock file kept because some files could not be removed lists them, so a
     * later sweep can finish the job.
     *
     * @return null when done as asked, else why the lock file stayed
     */
    public synchronized String release(boolean removeFile) {
        if (released) {
            return null;
        }
        released = true;
        String why = null;
        if (removeFile) {
            try {
                why = dir.unlinkIfSame(name, identity).orElse(null);
            } catch (IOException e) {
                why = e.getMessage();
            }
        }
        subdirs.values().forEach(DirHandle::close);
        subdirs.clear();
        LibC.close(fd);
        return why;
    }

    @Override
    public void close() {
        release(true);
    }

    private void write() throws IOException {
        byte[] b = manifest.bytes();
        try (Arena a = Arena.ofConfined()) {
            MemorySegment buf = a.allocateFrom(java.lang.foreign.ValueLayout.JAVA_BYTE, b);
            MemorySegment state = LibC.newCallState(a);
            long done = 0;
            while (done < b.length) {
                long n = LibC.call(state, LibC.Nr.PWRITE64, fd, buf.address() + done, b.length - done, done);
                if (n < 0) {
                    int errno = (int) -n;
                    if (errno != Errno.EINTR) {
                        throw new ErrnoException("write " + dir.path().resolve(name), errno);
                    }
                } else {
                    done += n;
                }
            }
            long r = LibC.call(state, LibC.Nr.FTRUNCATE, fd, b.length, 0, 0);
            if (r != 0) {
                throw new ErrnoException("truncate " + dir.path().resolve(name), (int) -r);
            }
        } catch (IOException e) {
            throw e;
        } catch (Throwable t) {
            throw LibC.rethrow(t);
        }
    }

    private static byte[] readAll(int fd, int size) throws IOException {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment buf = a.allocate(Math.max(1, size));
            MemorySegment state = LibC.newCallState(a);
            long done = 0;
            while (done < size) {
                long n = LibC.call(state, LibC.Nr.PREAD64, fd, buf.address() + done, size - done, done);
                if (n == 0) {
                    break;
                }
                if (n < 0) {
                    int errno = (int) -n;
                    if (errno != Errno.EINTR) {
                        throw new ErrnoException("read lock file", errno);
                    }
                } else {
                    done += n;
                }
            }
            return Arrays.copyOf(buf.toArray(java.lang.foreign.ValueLayout.JAVA_BYTE), (int) done);
        } catch (IOException e) {
            throw e;
        } catch (Throwable t) {
            throw LibC.rethrow(t);
        }
    }

    private static void flock(int fd, int op, String name) throws IOException {
        while (true) {
            try (Arena a = Arena.ofConfined()) {
                MemorySegment state = LibC.newCallState(a);
                long r = LibC.call(state, LibC.Nr.FLOCK, fd, op, 0, 0);
                if (r == 0) {
                    return;
                }
                int errno = (int) -r;
                if (errno != Errno.EINTR) {
                    throw new ErrnoException("lock " + name, errno);
                }
            } catch (IOException e) {
                throw e;
            } catch (Throwable t) {
                throw LibC.rethrow(t);
            }
        }
    }

    /** Non-blocking exclusive flock; false when someone else holds it. */
    private static boolean tryFlock(int fd) throws IOException {
        try {
            flock(fd, LibC.LOCK_EX | LibC.LOCK_NB, "lock file");
            return true;
        } catch (ErrnoException e) {
            if (e.errno() == Errno.EWOULDBLOCK) {
                return false;
            }
            throw e;
        }
    }
}
