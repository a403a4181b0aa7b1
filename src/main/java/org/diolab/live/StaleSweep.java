package org.diolab.live;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Removes what ended sessions left behind (a crash, a kill -9, a power cut), and nothing else. A file is removed
 * only when all of these hold:
 * <ul>
 *   <li>a lock file {@code .dio-lab-<session>.lock} lists it in its manifest, and this sweep could take that lock
 *       (so no running session, in any PID namespace or container on this host, holds it);</li>
 *   <li>the lock file and the file are regular files owned by the current user, and the manifest was written by
 *       DIO Lab on this host for this user;</li>
 *   <li>the name still points at the device and inode the manifest recorded.</li>
 * </ul>
 * Files without such a lock, other users' files, symlinks and everything else stay. Kept layout files
 * ({@code .dio-lab-kept-*}) stay too unless {@code includeKept}.
 */
final class StaleSweep {
    private StaleSweep() {
    }

    static SweepReport sweep(DirHandle dir, boolean includeKept) throws IOException {
        List<SweepReport.Removed> removed = new ArrayList<>();
        List<SweepReport.Left> left = new ArrayList<>();
        for (String name : dir.names()) {
            Optional<String> session = ScratchFileName.lockSession(name);
            if (session.isEmpty()) {
                continue;
            }
            SessionLock.Attempt a = SessionLock.take(dir, name);
            if (a.lock() == null) {
                left.add(new SweepReport.Left(name, a.whyNot()));
                continue;
            }
            SessionLock lock = a.lock();
            if (session.get().equals(ScratchFileName.KEPT) && !includeKept) {
                for (SessionManifest.Entry e : lock.files()) {
                    left.add(new SweepReport.Left(e.name(), "kept for reuse (--keep-files)"));
                }
                lock.release(false);
                continue;
            }
            boolean all = true;
            for (SessionManifest.Entry e : lock.files()) {
                all &= removeIfSame(dir, e, removed, left);
            }
            if (all) {
                long size = dir.statAt(name).map(FileStat::size).orElse(0L);
                String why = lock.release(true);
                if (why == null) {
                    removed.add(new SweepReport.Removed(name, size));
                } else {
                    left.add(new SweepReport.Left(name, why));
                }
            } else {
                lock.release(false);
            }
        }
        return new SweepReport(removed, left);
    }

    /** Removes one listed file if the name still points at the recorded inode; true when it is gone. */
    private static boolean removeIfSame(DirHandle dir, SessionManifest.Entry e, List<SweepReport.Removed> removed,
                                        List<SweepReport.Left> left) {
        try {
            Optional<FileStat> st = dir.statAt(e.name());
            if (st.isEmpty()) {
                return true;
            }
            FileStat s = st.get();
            if (!e.is(s)) {
                left.add(new SweepReport.Left(e.name(), "the name now points at another file"));
                return true; // not the session's file any more: nothing of the session's is left there
            }
            if (!s.isRegularFile() || s.uid() != LibC.geteuid()) {
                left.add(new SweepReport.Left(e.name(), "it is " + s.kind() + " of user "
                        + Integer.toUnsignedString(s.uid())));
                return false;
            }
            dir.unlinkAt(e.name());
            removed.add(new SweepReport.Removed(e.name(), s.size()));
            return true;
        } catch (IOException ex) {
            left.add(new SweepReport.Left(e.name(), ex.getMessage()));
            return false;
        }
    }
}
