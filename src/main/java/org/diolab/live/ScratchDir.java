package org.diolab.live;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The user's scratch directory, checked and owned for the length of a session. Users point DIO Lab at their own
 * disks, so this class is the only place that creates or deletes files, and it holds itself to these rules:
 * <ul>
 *   <li>files are created only directly inside the directory, only with {@link ScratchFileName}'s prefix, with
 *       {@code CREATE_NEW} (O_EXCL: an existing file or planted symlink makes creation fail) and never through a
 *       symlink (O_NOFOLLOW on every open);</li>
 *   <li>{@link #close()} deletes every file this session created, whether the run ended, failed or was cancelled;</li>
 *   <li>opening sweeps leftovers of crashed runs: regular files with our prefix whose owning process is gone.
 *       Nothing else is ever deleted.</li>
 * </ul>
 * {@link ScratchDirChecks} refuses unusable directories before anything is written.
 */
public final class ScratchDir implements AutoCloseable {
    private final Path dir;
    private final FileStore store;
    private final int alignment;
    private final boolean directBypassesCache;
    private final int staleRemoved;
    private final Set<Path> created = new LinkedHashSet<>();
    private final Map<Path, Layout> laidOut = new HashMap<>();
    private KeptFiles kept; // set when the user lets laid-out files stay for later runs (bench --keep-files)
    private boolean closed;

    private ScratchDir(Path dir, FileStore store, int alignment, boolean directBypassesCache, int staleRemoved) {
        this.dir = dir;
        this.store = store;
        this.alignment = alignment;
        this.directBypassesCache = directBypassesCache;
        this.staleRemoved = staleRemoved;
    }

    /**
     * Checks {@code dir} (see {@link ScratchDirChecks}), then removes stale files of crashed runs.
     *
     * @throws LiveRefusal when the directory cannot be used, with the reason and what to do
     */
    public static ScratchDir open(Path dir) throws IOException {
        ScratchDirChecks.Verdict v = ScratchDirChecks.check(dir);
        int stale = sweepStale(v.dir());
        return new ScratchDir(v.dir(), v.store(), v.alignment(), v.directBypassesCache(), stale);
    }

    /**
     * Deletes our regular files whose owner is gone; returns how many. Errors leave the file and move on. Kept files
     * ({@link KeptFiles}) name no owner and never match {@link ScratchFileName}, so this never takes them.
     */
    static int sweepStale(Path dir) throws IOException {
        int removed = 0;
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir, ScratchFileName.PREFIX + "*")) {
            for (Path p : entries) {
                var name = ScratchFileName.parse(p.getFileName().toString());
                if (name.isEmpty() || !name.get().ownerGone()) {
                    continue;
                }
                try {
                    var attrs = Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
                    if (attrs.isRegularFile()) {
                        Files.delete(p);
                        removed++;
                    }
                } catch (IOException e) {
                    // Someone else's file in a shared directory, or gone meanwhile: not ours to insist on.
                }
            }
        }
        return removed;
    }

    /** The directory, as a real path (no symlinks in its last component, absolute). */
    public Path dir() {
        return dir;
    }

    /** Buffer, offset and length alignment O_DIRECT needs here: the filesystem block size, at least 4096. */
    public int alignment() {
        return alignment;
    }

    /** False when a direct write left its page cached: the filesystem turned O_DIRECT into buffered I/O. */
    public boolean directBypassesCache() {
        return directBypassesCache;
    }

    /** Leftover files of crashed runs removed when this session opened. */
    public int staleRemoved() {
        return staleRemoved;
    }

    public String filesystemType() {
        return store.type();
    }

    /** Bytes free for this user now. */
    public long usableSpace() throws IOException {
        return store.getUsableSpace();
    }

    /** The path of this session's file with {@code tag}, created empty if it does not exist yet. */
    synchronized Path file(String tag) throws IOException {
        ensureOpen();
        Path p = dir.resolve(ScratchFileName.own(tag).fileName());
        if (!created.contains(p)) {
            try {
                Files.newByteChannel(p, Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE,
                        LinkOption.NOFOLLOW_LINKS)).close();
            } catch (FileAlreadyExistsException e) {
                throw new LiveFailure("refusing to reuse " + p + ": it exists but this run did not create it", e);
            }
            created.add(p);
        }
        return p;
    }

    /**
     * How a file of this session was prepared: written in full at {@code size} bytes, holding {@code content} (the
     * pattern it holds everywhere), or null when that is not known (a job with mutators wrote it, or jobs wrote
     * different patterns).
     */
    record Layout(long size, DataPattern.Content content) {
    }

    /** How a file was last laid out by this session, or null. */
    synchronized Layout layout(Path p) {
        return laidOut.get(p);
    }

    synchronized void recordLayout(Path p, Layout layout) {
        laidOut.put(p, layout);
    }

    /** Deletes one of this session's files. */
    synchronized void delete(Path p) throws IOException {
        if (created.remove(p)) {
            laidOut.remove(p);
            Files.deleteIfExists(p);
        }
    }

    /**
     * Lets this session reuse and leave behind laid-out files under {@link KeptFiles}' names, as fio keeps its
     * files: later runs of the same size skip the layout and the removal. Off by default.
     */
    public synchronized void keepFiles() {
        ensureOpen();
        if (kept == null) {
            kept = new KeptFiles(dir);
        }
    }

    /** The kept files of this session, or null when it does not keep files. */
    synchronized KeptFiles kept() {
        return kept;
    }

    /** Stops tracking a file this session created that has become a kept file (renamed away): close leaves it. */
    synchronized void forget(Path p) {
        created.remove(p);
        laidOut.remove(p);
    }

    /** This session's files that still exist. */
    public synchronized List<Path> files() {
        return new ArrayList<>(created);
    }

    private void ensureOpen() {
        if (closed) {
            throw new IllegalStateException("scratch directory session is closed");
        }
    }

    /** Deletes every file this session created; tries them all even when one fails, then reports the first. */
    @Override
    public synchronized void close() throws IOException {
        closed = true;
        if (kept != null) {
            kept.close(); // releases the locks; kept files stay
        }
        IOException first = null;
        for (Path p : created) {
            try {
                Files.deleteIfExists(p);
            } catch (IOException e) {
                first = first == null ? e : first;
            }
        }
        created.clear();
        laidOut.clear();
        if (first != null) {
            throw first;
        }
    }
}
