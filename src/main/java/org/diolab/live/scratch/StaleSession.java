package org.diolab.live.scratch;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.diolab.sys.FileStat;
import org.diolab.sys.LibC;

/**
 * An ended session whose lock a sweep has taken (so no running process holds it), whose lock file and manifest are
 * this user's, from this host, written by DIO Lab: what its {@link SessionTeardown} may look at. It can tell whether a
 * recorded name still points at the very file the session created, and nothing more: the teardown only reads.
 */
public final class StaleSession {
    private final DirHandle dir;
    private final SessionLock lock;

    StaleSession(DirHandle dir, SessionLock lock) {
        this.dir = dir;
        this.lock = lock;
    }

    public String session() {
        return lock.session();
    }

    /** The scratch directory (as it was opened). */
    public Path dir() {
        return dir.path();
    }

    /** Everything the session recorded, in the order it was made. */
    public List<SessionEntry> entries() {
        return lock.files().stream()
                .map(e -> new SessionEntry(e.name(), dir.path().resolve(e.name()), e.id(), e.directory()))
                .toList();
    }

    /** The lines the session claimed outside the directory (loop devices, mounts), in order. */
    public List<String> claims() {
        return lock.manifest().claims();
    }

    /**
     * True when the top-level {@code entry}'s name still points at exactly the file the session created (same
     * device, inode and birth time, same kind) and it belongs to this user. False for anything else, including a
     * directory something is mounted on (its name then reaches the mounted root).
     */
    public boolean stillThere(SessionEntry entry) throws IOException {
        if (!entry.topLevel()) {
            return false;
        }
        Optional<SessionManifest.Entry> e = lock.manifest().file(entry.name());
        Optional<FileStat> now = dir.statAt(entry.name());
        return e.isPresent()
                && now.isPresent()
                && e.get().is(now.get())
                && now.get().uid() == LibC.geteuid();
    }
}
