package org.diolab.live.scratch;

import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.diolab.live.job.JobSpec;
import org.diolab.live.job.LiveFailure;
import org.diolab.live.job.LiveRefusal;
import org.diolab.sys.DirectIoAlignment;
import org.diolab.sys.Errno;
import org.diolab.sys.ErrnoException;
import org.diolab.sys.FileStat;
import org.diolab.sys.LibC;
import org.jspecify.annotations.Nullable;

/**
 * The user's scratch directory, checked and owned for the length of a session. Users point DIO Lab at their own
 * disks, so this class is the only place that creates or deletes files, and it holds itself to these rules:
 * <ul>
 *   <li>the directory is opened once ({@code O_DIRECTORY|O_NOFOLLOW}); files are created only directly inside it,
 *       with {@code openat(O_CREAT|O_EXCL|O_NOFOLLOW)}, and used through the descriptor that created them
 *       ({@link ScratchFile});</li>
 *   <li>the session holds a {@link SessionLock} for its whole life, and records every file in it with its device
 *       and inode;</li>
 *   <li>{@link #close()} removes every file this session created (each only while its name still points at that
 *       inode), whether the run ended, failed or was cancelled, and says what it could not remove;</li>
 *   <li>opening sweeps leftovers of ended sessions ({@link StaleSweep}): only files a lock it could take lists, that
 *       this user owns, made by DIO Lab on this host. Nothing else is ever deleted.</li>
 * </ul>
 * {@link ScratchDirChecks} refuses unusable directories before any run file is written.
 */
public final class ScratchDir implements AutoCloseable {
    private final Path dir;
    private final FileStore store;
    private final DirHandle handle;
    private final SessionLock lock;
    private final SweepReport sweep;
    private final Map<Path, ScratchFile> created = new LinkedHashMap<>();
    private final Map<Path, Layout> laidOut = new HashMap<>();
    private final Map<Path, ScratchFile> kept = new LinkedHashMap<>();
    private SessionLock keptLock;
    private boolean keptUnavailable;
    private boolean keepFiles; // the user lets laid-out files stay for later runs (bench --keep-files)
    private int alignment = JobSpec.BLOCK;
    private DirectIoAlignment directIo =
            new DirectIoAlignment(JobSpec.BLOCK, JobSpec.BLOCK, "DIO Lab's default (not probed)");
    private boolean directBypassesCache = true;
    private boolean closed;
    private CleanupReport cleanup;

    private ScratchDir(Path dir, FileStore store, DirHandle handle, SessionLock lock, SweepReport sweep) {
        this.dir = dir;
        this.store = store;
        this.handle = handle;
        this.lock = lock;
        this.sweep = sweep;
    }

    /** {@link #open(Path, boolean)} with the sweep. */
    public static ScratchDir open(Path dir) throws IOException {
        return open(dir, true);
    }

    /**
     * Checks {@code dir} (see {@link ScratchDirChecks}), removes stale files of ended sessions unless
     * {@code sweep} is false ({@code --no-sweep}), takes the session lock and probes O_DIRECT.
     *
     * @throws LiveRefusal when the directory cannot be used, with the reason and what to do
     */
    public static ScratchDir open(Path dir, boolean sweep) throws IOException {
        Path real = ScratchDirChecks.resolve(dir);
        DirHandle.requireCalls();
        DirHandle handle;
        try {
            handle = DirHandle.open(real);
        } catch (ErrnoException e) {
            throw new LiveRefusal(
                    LiveRefusal.Reason.NOT_A_DIRECTORY,
                    "cannot open " + real + " (" + Errno.text(e.errno()) + "); pass another --dir");
        }
        try {
            FileStore store = ScratchDirChecks.filesystem(real);
            SweepReport swept = sweep ? StaleSweep.sweep(handle, false) : SweepReport.none();
            SessionLock lock;
            try {
                lock = SessionLock.create(handle, ScratchFileName.newSession());
            } catch (ErrnoException e) {
                throw ScratchDirChecks.cannotCreate(real, e);
            }
            ScratchDir s = new ScratchDir(real, store, handle, lock, swept);
            try {
                s.probe();
                return s;
            } catch (IOException | RuntimeException e) {
                s.cleanUp();
                throw e;
            }
        } catch (IOException | RuntimeException e) {
            handle.close();
            throw e;
        }
    }

    private void probe() throws IOException {
        alignment = ScratchDirChecks.alignment(store);
        ScratchFile probe;
        try {
            probe = create("probe");
        } catch (ErrnoException e) {
            throw ScratchDirChecks.cannotCreate(dir, e);
        }
        try {
            directIo = ScratchDirChecks.directIo(probe, alignment);
            alignment = Math.max(alignment, directIo.memory());
            directBypassesCache =
                    ScratchDirChecks.probeDirect(probe, alignment, store.type().toLowerCase(Locale.ROOT));
        } finally {
            delete(probe.path());
        }
    }

    /** The directory, as a real path (no symlinks in its last component, absolute). */
    public Path dir() {
        return dir;
    }

    /** Buffer, offset and length alignment O_DIRECT needs here: the filesystem block size, at least 4096. */
    public int alignment() {
        return alignment;
    }

    /**
     * What files here allow for O_DIRECT (statx's {@code STATX_DIOALIGN}, else the device's logical block size): the
     * sizes and offsets a direct job's I/Os must be multiples of.
     */
    public DirectIoAlignment directIo() {
        return directIo;
    }

    /** False when a direct write left its page cached: the filesystem turned O_DIRECT into buffered I/O. */
    public boolean directBypassesCache() {
        return directBypassesCache;
    }

    /** What the sweep at opening removed and left. */
    public SweepReport sweepReport() {
        return sweep;
    }

    /** Leftover files of ended sessions removed when this session opened. */
    public int staleRemoved() {
        return sweep.filesRemoved();
    }

    /** This session's id, part of each of its file names. */
    public String session() {
        return lock.session();
    }

    public String filesystemType() {
        return store.type();
    }

    /** Bytes free for this user now. */
    public long usableSpace() throws IOException {
        return store.getUsableSpace();
    }

    /** The name this session gives the file with {@code tag} (for tools such as fio that name files). */
    public String fileName(String tag) {
        return new ScratchFileName(lock.session(), tag).fileName();
    }

    /** The path of this session's file with {@code tag}, created empty if it does not exist yet. */
    public synchronized Path file(String tag) throws IOException {
        Path p = dir.resolve(fileName(tag));
        if (!created.containsKey(p)) {
            create(tag);
        }
        return p;
    }

    /** This session's open file at {@code p} (created by {@link #file}), for I/O through its descriptor. */
    public synchronized ScratchFile scratchFile(Path p) throws IOException {
        ScratchFile f = created.containsKey(p) ? created.get(p) : kept.get(p);
        if (f == null) {
            throw new IOException(p + " is not a file of this session");
        }
        return f;
    }

    private synchronized ScratchFile create(String tag) throws IOException {
        ensureOpen();
        String name = fileName(tag);
        ScratchFile f;
        try {
            f = ScratchFile.create(handle, name);
        } catch (ErrnoException e) {
            if (e.errno() == Errno.EEXIST) {
                throw new LiveFailure(
                        "refusing to reuse " + dir.resolve(name) + ": it exists but this run did not" + " create it",
                        e);
            }
            throw e;
        }
        created.put(f.path(), f);
        try {
            lock.record(f, "");
        } catch (IOException e) {
            created.remove(f.path());
            f.remove();
            throw e;
        }
        return f;
    }

    /**
     * How a file of this session was prepared: written in full at {@code size} bytes, holding {@code content} (the
     * pattern it holds everywhere), or null when that is not known (a job with mutators wrote it, jobs wrote
     * different patterns, or an earlier run laid out a kept file).
     */
    public record Layout(long size, @Nullable Content content) {
        /**
         * What a file holds when every block came from one pattern: the pattern's block size and seed, and whether
         * blocks carry their verify headers. Two jobs with equal contents read and write the same bytes everywhere.
         */
        public record Content(long bs, long seed, boolean stamped) {}
    }

    /** How a file was last laid out by this session, or null. */
    public synchronized @Nullable Layout layout(Path p) {
        return laidOut.get(p);
    }

    public synchronized void recordLayout(Path p, Layout layout) {
        laidOut.put(p, layout);
    }

    /** Removes one of this session's files; an error says why it stayed (it then stays in the manifest). */
    public synchronized void delete(Path p) throws IOException {
        ScratchFile f = created.remove(p);
        if (f == null) {
            return;
        }
        laidOut.remove(p);
        String why = f.remove();
        if (why != null) {
            throw new IOException("could not remove " + p + ": " + why);
        }
        lock.forget(f.name());
    }

    /**
     * Checks that every file of this session is still at its name, for tools that open files by name (fio).
     *
     * @throws LiveFailure naming a file whose name now points at another file
     */
    public synchronized void checkNames() throws IOException {
        for (ScratchFile f : created.values()) {
            if (!f.stillNamed()) {
                throw new LiveFailure(f.path() + " was replaced by another file during the run; stopping before"
                        + " anything opens it by name");
            }
        }
    }

    /** This session's files that still exist. */
    public synchronized List<Path> files() {
        return new ArrayList<>(created.keySet());
    }

    /**
     * A file kept between runs, {@code .dio-lab-kept-<tag>} (for {@code --keep-files}): the one a previous run kept,
     * when it is still exactly that file, else a new empty one. Empty when another run holds the kept files now (or
     * they belong to another user, or something else has the name): use this session's own files then. The note ({@link #keptNote}) is the
     * caller's description of the layout, to decide whether the content can be reused.
     */
    public synchronized Optional<Path> keptFile(String tag) throws IOException {
        ensureOpen();
        if (!takeKeptLock()) {
            return Optional.empty();
        }
        String name = new ScratchFileName(ScratchFileName.KEPT, tag).fileName();
        Path p = dir.resolve(name);
        if (kept.containsKey(p)) {
            return Optional.of(p);
        }
        Optional<SessionManifest.Entry> entry = keptLock.manifest().file(name);
        ScratchFile f = null;
        if (entry.isPresent()) {
            Optional<FileStat> st = handle.statAt(name);
            if (st.isPresent() && entry.get().is(st.get())) {
                try {
                    f = ScratchFile.adopt(handle, name, st.get(), LibC.geteuid());
                } catch (IOException e) {
                    f = null; // not the file we kept: make a new one below (creation refuses if the name is taken)
                }
            }
            if (f == null) {
                keptLock.forget(name);
            }
        }
        if (f == null) {
            try {
                f = ScratchFile.create(handle, name);
            } catch (ErrnoException e) {
                if (e.errno() == Errno.EEXIST) {
                    return Optional.empty(); // something that is not the kept file has its name: leave it be
                }
                throw e;
            }
            keptLock.record(f, "");
        }
        kept.put(p, f);
        return Optional.of(p);
    }

    /**
     * Lets this session's jobs lay out their files under kept names ({@link #keptFile}) and leave them for later
     * runs, as fio keeps its files: a later run of the same size skips the layout and the removal. Off by default.
     */
    public synchronized void keepFiles() {
        ensureOpen();
        keepFiles = true;
    }

    /** Whether {@code p} is a kept file this session holds. */
    public synchronized boolean isKept(Path p) {
        return kept.containsKey(p);
    }

    /** Whether jobs of this session use kept files ({@link #keepFiles()}). */
    public synchronized boolean keepsFiles() {
        return keepFiles;
    }

    /** What {@link #removeKeptFiles()} did: files and bytes removed, and files left because a live run holds them. */
    public record KeptRemoval(int removed, long bytes, int inUse) {}

    /**
     * Removes the kept files of this directory that are still the files a run kept (a file put at a kept name by
     * anything else stays); none while another live run holds them.
     */
    public synchronized KeptRemoval removeKeptFiles() throws IOException {
        ensureOpen();
        List<Path> listed = keptFiles(dir);
        if (!takeKeptLock()) {
            return new KeptRemoval(0, 0, listed.size());
        }
        int removed = 0;
        long bytes = 0;
        for (SessionManifest.Entry e : keptLock.manifest().files()) {
            Optional<ScratchFileName> n = ScratchFileName.parse(e.name());
            Optional<Path> p = n.isPresent() ? keptFile(n.get().tag()) : Optional.empty();
            ScratchFile f = p.map(kept::remove).orElse(null);
            if (f == null) {
                continue;
            }
            long size = f.size();
            if (f.remove() == null) {
                keptLock.forget(f.name());
                removed++;
                bytes += size;
            }
        }
        return new KeptRemoval(removed, bytes, 0);
    }

    /** The kept files in {@code dir} ({@code .dio-lab-kept-*}, regular files), by name. */
    public static List<Path> keptFiles(Path dir) throws IOException {
        String prefix = new ScratchFileName(ScratchFileName.KEPT, "x").fileName();
        prefix = prefix.substring(0, prefix.length() - 1);
        List<Path> out = new ArrayList<>();
        try (var entries = java.nio.file.Files.newDirectoryStream(dir, prefix + "*")) {
            for (Path p : entries) {
                if (java.nio.file.Files.isRegularFile(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                    out.add(p);
                }
            }
        }
        out.sort(null);
        return out;
    }

    /** The note recorded with a kept file ("" for a new one). */
    public synchronized String keptNote(Path keptPath) {
        return keptLock == null
                ? ""
                : keptLock.manifest()
                        .file(keptPath.getFileName().toString())
                        .map(SessionManifest.Entry::note)
                        .orElse("");
    }

    /** Records what a kept file now holds (the caller's layout description; one line). */
    public synchronized void keptNote(Path keptPath, String note) throws IOException {
        keptLock.record(scratchFile(keptPath), note);
    }

    private boolean takeKeptLock() throws IOException {
        if (keptLock != null || keptUnavailable) {
            return keptLock != null;
        }
        try {
            keptLock = SessionLock.create(handle, ScratchFileName.KEPT);
        } catch (ErrnoException e) {
            if (e.errno() != Errno.EEXIST) {
                throw e;
            }
            keptLock = SessionLock.take(handle, ScratchFileName.lockName(ScratchFileName.KEPT))
                    .lock();
        }
        keptUnavailable = keptLock == null;
        return keptLock != null;
    }

    private void ensureOpen() {
        if (closed) {
            throw new IllegalStateException("scratch directory session is closed");
        }
    }

    /**
     * Removes every file this session created (kept files stay, unlocked for the next run) and the session's lock;
     * tries them all even when one fails.
     */
    public synchronized CleanupReport cleanUp() {
        if (cleanup != null) {
            return cleanup;
        }
        closed = true;
        List<String> removed = new ArrayList<>();
        List<SweepReport.Left> left = new ArrayList<>();
        for (ScratchFile f : created.values()) {
            String why = f.remove();
            if (why == null) {
                removed.add(f.name());
            } else {
                left.add(new SweepReport.Left(f.name(), why));
            }
        }
        created.clear();
        laidOut.clear();
        kept.values().forEach(ScratchFile::close);
        kept.clear();
        if (keptLock != null) {
            keptLock.release(keptLock.manifest().files().isEmpty()); // its lock file goes with the last kept file
            keptLock = null;
        }
        boolean allGone = left.isEmpty();
        String why = lock.release(allGone);
        if (allGone && why == null) {
            removed.add(lock.name());
        } else {
            left.add(new SweepReport.Left(
                    lock.name(),
                    allGone ? why : "kept on purpose: it lists the files left, so the next run here can remove them"));
        }
        handle.close();
        cleanup = new CleanupReport(dir, removed, left);
        return cleanup;
    }

    /**
     * Drops the session the way a crash does: descriptors closed (so the lock is free), files and lock file left.
     * For tests of the sweep.
     */
    synchronized void abandon() {
        closed = true;
        created.values().forEach(ScratchFile::close);
        kept.values().forEach(ScratchFile::close);
        if (keptLock != null) {
            keptLock.release(false);
        }
        lock.release(false);
        handle.close();
        cleanup = new CleanupReport(dir, List.of(), List.of());
    }

    /** {@link #cleanUp()}, throwing when anything stayed. */
    @Override
    public void close() throws ScratchCleanupException {
        CleanupReport r = cleanUp();
        if (!r.complete()) {
            throw new ScratchCleanupException(r);
        }
    }
}
