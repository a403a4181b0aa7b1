package org.diolab.live.scratch;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.diolab.sys.Errno;
import org.diolab.sys.ErrnoException;
import org.diolab.sys.FileStat;
import org.diolab.sys.LibC;

/**
 * Removes what ended sessions left behind (a crash, a kill -9, a power cut), and nothing else. A file or directory is
 * removed only when all of these hold:
 * <ul>
 *   <li>a lock file {@code .dio-lab-<session>.lock} lists it in its manifest, and this sweep could take that lock
 *       (so no running session, in any PID namespace or container on this host, holds it);</li>
 *   <li>the lock file and the file are owned by the current user, of the kind recorded (regular file or directory),
 *       and the manifest was written by DIO Lab on this host for this user;</li>
 *   <li>the name still points at the device, inode and birth time the manifest recorded (for a file inside one of the
 *       session's directories: that directory, opened by descriptor, is still the recorded one);</li>
 *   <li>when the manifest names a teardown (the kernel lab: loop devices, mounts), that teardown was given to this
 *       sweep and undid everything first; a sweep without it leaves the session whole.</li>
 * </ul>
 * Files without such a lock, other users' files, symlinks and everything else stay. Kept layout files
 * ({@code .dio-lab-kept-*}) stay too unless {@code includeKept}.
 */
public final class StaleSweep {
    private StaleSweep() {}

    static SweepReport sweep(DirHandle dir, boolean includeKept) throws IOException {
        return sweep(dir, includeKept, Map.of());
    }

    /**
     * Sweeps {@code dir} (kept files stay), with the teardowns this caller can run, by the name sessions record
     * ({@code "kernel-lab"}).
     */
    public static SweepReport sweep(DirHandle dir, Map<String, SessionTeardown> teardowns) throws IOException {
        return sweep(dir, false, teardowns);
    }

    private static SweepReport sweep(DirHandle dir, boolean includeKept, Map<String, SessionTeardown> teardowns)
            throws IOException {
        Outcome out = new Outcome();
        for (String name : dir.names()) {
            Optional<String> session = ScratchFileName.lockSession(name);
            if (session.isEmpty()) {
                continue;
            }
            SessionLock.Attempt a = SessionLock.take(dir, name);
            if (a.lock() == null) {
                out.left.add(new SweepReport.Left(name, a.whyNot()));
                continue;
            }
            SessionLock lock = a.lock();
            if (session.get().equals(ScratchFileName.KEPT) && !includeKept) {
                for (SessionManifest.Entry e : lock.files()) {
                    out.left.add(new SweepReport.Left(e.name(), "kept for reuse (--keep-files)"));
                }
                lock.release(false);
                continue;
            }
            if (!tornDown(dir, lock, teardowns, out)) {
                lock.release(false);
                continue;
            }
            if (removeAll(dir, lock, out)) {
                long size = dir.statAt(name).map(FileStat::size).orElse(0L);
                String why = lock.release(true);
                if (why == null) {
                    out.removed.add(new SweepReport.Removed(name, size));
                } else {
                    out.left.add(new SweepReport.Left(name, why));
                }
            } else {
                lock.release(false);
            }
        }
        return new SweepReport(out.removed, out.left, out.undone);
    }

    private static final class Outcome {
        final List<SweepReport.Removed> removed = new ArrayList<>();
        final List<SweepReport.Left> left = new ArrayList<>();
        final List<String> undone = new ArrayList<>();
    }

    /** Runs the session's teardown, if it names one; true when its files may go now. */
    private static boolean tornDown(
            DirHandle dir, SessionLock lock, Map<String, SessionTeardown> teardowns, Outcome out) {
        Optional<String> tool = lock.manifest().teardown();
        if (tool.isEmpty()) {
            return true;
        }
        SessionTeardown t = teardowns.get(tool.get());
        if (t == null) {
            out.left.add(new SweepReport.Left(
                    lock.name(),
                    "made by the " + tool.get() + ", which may have left loop"
                            + " devices or mounts on its files; the next " + tool.get() + " run here removes them"));
            return false;
        }
        try {
            SessionTeardown.Result r = t.undo(new StaleSession(dir, lock));
            out.undone.addAll(r.undone());
            r.problems().forEach(p -> out.left.add(new SweepReport.Left(lock.name(), p)));
            return r.problems().isEmpty();
        } catch (IOException | RuntimeException e) {
            out.left.add(new SweepReport.Left(lock.name(), String.valueOf(e.getMessage())));
            return false;
        }
    }

    /** Removes the session's files inside its directories, then its other files, then its directories. */
    private static boolean removeAll(DirHandle dir, SessionLock lock, Outcome out) {
        List<SessionManifest.Entry> entries = lock.files();
        boolean all = true;
        for (SessionManifest.Entry d : entries) {
            List<SessionManifest.Entry> inside = entries.stream()
                    .filter(e -> e.parent().filter(d.name()::equals).isPresent())
                    .toList();
            if (d.directory() && !inside.isEmpty()) {
                all &= removeInside(dir, d, inside, out);
            }
        }
        for (SessionManifest.Entry e : entries) {
            if (e.parent().isEmpty() && !e.directory()) {
                all &= removeIfSame(dir, e.name(), e, out);
            }
        }
        for (SessionManifest.Entry e : entries) {
            if (e.directory()) {
                all &= removeIfSame(dir, e.name(), e, out);
            }
        }
        return all;
    }

    /** Opens the session's directory {@code d} by descriptor and, if it is still the recorded one, removes its files. */
    private static boolean removeInside(
            DirHandle dir, SessionManifest.Entry d, List<SessionManifest.Entry> inside, Outcome out) {
        Optional<FileStat> st;
        try {
            st = dir.statAt(d.name());
        } catch (IOException e) {
            out.left.add(new SweepReport.Left(d.name(), e.getMessage()));
            return false;
        }
        if (st.isEmpty()) {
            return true; // the directory is gone, and its files with it
        }
        if (!d.is(st.get())) {
            out.left.add(new SweepReport.Left(
                    d.name(), "the name now points at another file, whose contents were" + " left alone"));
            return true;
        }
        try (DirHandle sub = dir.openDirAt(d.name())) {
            if (!d.is(sub.identity()) || sub.identity().uid() != LibC.geteuid()) {
                out.left.add(new SweepReport.Left(d.name(), "it changed while being opened; left alone"));
                return false;
            }
            boolean all = true;
            for (SessionManifest.Entry e : inside) {
                all &= removeIfSame(sub, e.leaf(), e, out);
            }
            return all;
        } catch (IOException e) {
            out.left.add(new SweepReport.Left(d.name(), e.getMessage()));
            return false;
        }
    }

    /**
     * Removes one listed file or (empty) directory, {@code name} in {@code in}, if the name still points at the
     * recorded inode; true when nothing of the session's is left at that name.
     */
    private static boolean removeIfSame(DirHandle in, String name, SessionManifest.Entry e, Outcome out) {
        try {
            Optional<FileStat> st = in.statAt(name);
            if (st.isEmpty()) {
                return true;
            }
            FileStat s = st.get();
            if (!e.is(s)) {
                out.left.add(new SweepReport.Left(e.name(), "the name now points at another file"));
                return true; // not the session's file any more: nothing of the session's is left there
            }
            if (s.uid() != LibC.geteuid()) {
                out.left.add(new SweepReport.Left(
                        e.name(), "it is " + s.kind() + " of user " + Integer.toUnsignedString(s.uid())));
                return false;
            }
            if (e.directory()) {
                in.rmdirAt(name);
            } else {
                in.unlinkAt(name);
            }
            out.removed.add(new SweepReport.Removed(e.name(), e.directory() ? 0 : s.size(), e.directory()));
            return true;
        } catch (ErrnoException ex) {
            out.left.add(new SweepReport.Left(
                    e.name(),
                    ex.errno() == Errno.ENOTEMPTY
                            ? "it holds files DIO Lab did not record; left in place"
                            : ex.getMessage()));
            return false;
        } catch (IOException ex) {
            out.left.add(new SweepReport.Left(e.name(), ex.getMessage()));
            return false;
        }
    }
}
