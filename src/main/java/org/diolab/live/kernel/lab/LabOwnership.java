package org.diolab.live.kernel.lab;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.diolab.live.kernel.trace.TraceResource;
import org.diolab.live.scratch.DirHandle;
import org.diolab.live.scratch.ScratchFile;
import org.diolab.live.scratch.SessionEntry;
import org.diolab.live.scratch.SessionLock;
import org.diolab.live.scratch.SessionTeardown;
import org.diolab.live.scratch.StaleSweep;
import org.diolab.live.scratch.SweepReport;

/**
 * What one kernel-lab run owns, on the shared ownership of the live package: a {@link SessionLock} in the scratch
 * directory ({@code .dio-lab-<session>.lock}, flock held for the run's life, manifest with host, user and every file's
 * device, inode and birth time). Images are that session's files ({@code .dio-lab-<session>-<tag>.img}, created with
 * {@code openat(O_CREAT|O_EXCL|O_NOFOLLOW)} and attached to loop devices by their descriptor), mount points and work
 * directories its directories ({@code .dio-lab-<session>-mnt-<tag>}, mode 0700, mounted on by descriptor), loop
 * devices its claims; each is recorded before it is used. The session names the lab's teardown
 * ({@value #TEARDOWN}), so a plain DIO Lab sweep (bench) leaves a killed lab run whole and only the next lab run, whose
 * {@link #sweep} can detach and unmount, removes it:
 * <ul>
 *   <li>a live run's files are never swept: its lock is held;</li>
 *   <li>a killed run's leftovers are undone only when its lock can be taken, the manifest is this user's from this
 *       host, and each loop device is backed by an image whose name still points at the recorded inode.</li>
 * </ul>
 */
public final class LabOwnership implements AutoCloseable {
    /** The teardown name written in the lab's session locks. */
    static final String TEARDOWN = "kernel-lab";

    private final SessionLock lock;
    private final HostTools tools;
    private final List<ScratchFile> images = new ArrayList<>();
    private final List<DirHandle> mountPoints = new ArrayList<>();
    private final List<DirHandle> workDirs = new ArrayList<>();
    private final List<ScratchFile> workFiles = new ArrayList<>();
    private final Map<ScratchFile, String> loopClaims = new LinkedHashMap<>();
    private final List<DirHandle> tracefsDirs = new ArrayList<>();
    private final List<TraceResource> traceClaims = new ArrayList<>();
    private final Map<ScratchFile, List<HostClaims.Knob>> knobs = new LinkedHashMap<>();
    private final List<HostClaims.ScrubRecord> scrubRecords = new ArrayList<>();
    private final Map<String, Integer> workDirTags = new java.util.HashMap<>();
    private boolean closed;

    private LabOwnership(SessionLock lock, HostTools tools) {
        this.lock = lock;
        this.tools = tools;
    }

    /**
     * Starts this run's session in {@code dir}. {@code devices}: the run may attach loop devices and mount (so its
     * lock names the lab's teardown); false on a user's btrfs ({@code --mount}), whose work files any sweep may remove.
     */
    public static LabOwnership claim(DirHandle dir, HostTools tools, boolean devices) throws IOException {
        return new LabOwnership(SessionLock.create(dir, SessionLock.newSessionId(), devices ? TEARDOWN : null), tools);
    }

    /** The session id, part of every name this run creates. */
    String session() {
        return lock.session();
    }

    /** A new sparse image of {@code size} bytes, recorded (with its identity) before anything uses it. */
    synchronized ScratchFile newImage(String tag, long size) throws IOException {
        ensureOpen();
        ScratchFile f = lock.createFile(tag + ".img");
        try {
            f.setLength(size);
        } catch (IOException | RuntimeException e) {
            lock.removeFile(f);
            throw e;
        }
        images.add(f);
        return f;
    }

    /** Records that {@code loop} is attached over {@code image}, for people reading the lock file. */
    synchronized void attached(LoopDevices.Loop loop, ScratchFile image) throws IOException {
        String claim = "loop " + loop.device() + " " + image.name();
        lock.claim(claim);
        loopClaims.put(image, claim);
    }

    /**
     * Sets {@code knob} of the queue of {@code loop} (attached over {@code image}) to {@code value}, after recording
     * the value it had, so the teardown, or the next run's sweep after a kill, puts it back before the device is
     * detached.
     */
    synchronized void setKnob(LoopDevices.Loop loop, ScratchFile image, String knob, String value) throws IOException {
        ensureOpen();
        String before = QueueKnobs.read(loop.name()).get(knob);
        if (before == null) {
            throw new IOException("cannot read " + knob + " of " + loop.device());
        }
        List<HostClaims.Knob> claimed = knobs.computeIfAbsent(image, i -> new ArrayList<>());
        if (claimed.stream().noneMatch(k -> k.knob().equals(knob))) {
            HostClaims.Knob k = new HostClaims.Knob(loop.device(), knob, before, image.name());
            lock.claim(k.claim());
            claimed.add(k);
        }
        QueueKnobs.write(loop.name(), knob, value);
    }

    /**
     * Records, before a scrub of the lab's volume {@code uuid}, the record btrfs-progs will write for it, so the
     * teardown (or the next run's sweep) removes it.
     */
    synchronized void scrubbing(String uuid) throws IOException {
        ensureOpen();
        if (scrubRecords.stream().anyMatch(r -> r.uuid().equals(uuid))) {
            return;
        }
        HostClaims.ScrubRecord r = HostClaims.ScrubRecord.before(uuid);
        lock.claim(r.claim());
        scrubRecords.add(r);
    }

    /** A new empty directory to mount on, recorded before anything is mounted there. */
    synchronized DirHandle newMountPoint(String tag) throws IOException {
        ensureOpen();
        DirHandle d = lock.createDirectory("mnt-" + tag);
        mountPoints.add(d);
        return d;
    }

    /**
     * A new directory for test files on a filesystem the lab did not build ({@code --mount}). Work directories stay
     * until the end of the run, so a second one with the same tag (a scenario's traced run after its untraced one)
     * gets a number: {@code work-csum}, then {@code work-csum-2}.
     */
    synchronized DirHandle newWorkDir(String tag) throws IOException {
        ensureOpen();
        int n = workDirTags.merge(tag, 1, Integer::sum);
        DirHandle d = lock.createDirectory("work-" + tag + (n == 1 ? "" : "-" + n));
        workDirs.add(d);
        return d;
    }

    /** A new empty file in one of this run's work directories, recorded; its path (inside a 0700 directory). */
    synchronized Path newWorkFile(DirHandle workDir, String name) throws IOException {
        ensureOpen();
        ScratchFile f = lock.createFileIn(workDir, name);
        workFiles.add(f);
        return f.path();
    }

    /** A new empty directory to mount tracefs on ({@link LabTracefs}), recorded before anything is mounted there. */
    synchronized DirHandle newTracefsDir() throws IOException {
        ensureOpen();
        DirHandle d = lock.createDirectory("tracefs");
        tracefsDirs.add(d);
        return d;
    }

    /** Removes a tracefs directory once nothing is mounted on it; stays recorded (for the sweep) when it cannot. */
    synchronized void removeTracefsDir(DirHandle d) throws IOException {
        String why = lock.removeDirectory(d);
        if (why != null) {
            throw new IOException("cannot remove " + d.path() + ": " + why);
        }
        tracefsDirs.remove(d);
    }

    /** Records a trace instance or tracefs mount before it is made (manifest line {@code trace-instance …}). */
    synchronized void claim(TraceResource r) throws IOException {
        ensureOpen();
        lock.claim(r.manifestLine());
        traceClaims.add(r);
    }

    /** Drops the claim of a trace resource that has been removed. */
    synchronized void unclaim(TraceResource r) throws IOException {
        if (traceClaims.remove(r)) {
            lock.unclaim(r.manifestLine());
        }
    }

    /**
     * Removes what the run's tracing still has (a recording cut short by a failure or cancel): its instance, then a
     * tracefs it mounted, then that directory. What cannot be undone stays claimed, for the next run's sweep.
     */
    private Teardown.Report removeTracing() throws IOException {
        if (traceClaims.isEmpty() && tracefsDirs.isEmpty()) {
            return Teardown.Report.EMPTY;
        }
        List<String> undone = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        for (TraceResource r : TraceTeardown.undo(List.copyOf(traceClaims), session(), undone, problems)) {
            unclaim(r);
        }
        if (traceClaims.isEmpty()) {
            for (DirHandle d : List.copyOf(tracefsDirs)) {
                String why = lock.removeDirectory(d);
                if (why == null) {
                    tracefsDirs.remove(d);
                } else {
                    problems.add(d.path() + ": " + why);
                }
            }
        }
        List<String> unmounted = new ArrayList<>();
        List<String> removed = new ArrayList<>();
        for (String u : undone) {
            if (u.startsWith("unmounted ")) {
                unmounted.add(u.substring("unmounted ".length()));
            } else {
                removed.add(u.replace("removed ", ""));
            }
        }
        return new Teardown.Report(unmounted, List.of(), removed, problems);
    }

    /**
     * Undoes (unmount, forget, detach) and then removes exactly these images and mount points. When anything cannot be
     * undone, everything stays recorded, for the end of the run or the next run's sweep to retry.
     */
    synchronized Teardown.Report remove(List<ScratchFile> imgs, List<DirHandle> mps) throws IOException {
        List<Teardown.Image> owned = imgs.stream()
                .map(f -> new Teardown.Image(f.name(), f.id(), true))
                .toList();
        List<HostClaims.Knob> knobsOf = imgs.stream()
                .flatMap(f -> knobs.getOrDefault(f, List.of()).stream())
                .toList();
        Teardown.Report r = Teardown.undo(
                new Teardown.Owned(
                        owned, mps.stream().map(DirHandle::path).toList(), knobsOf, List.copyOf(scrubRecords)),
                tools);
        if (!r.complete()) {
            return r;
        }
        for (HostClaims.ScrubRecord sr : List.copyOf(scrubRecords)) {
            lock.unclaim(sr.claim());
            scrubRecords.remove(sr);
        }
        List<String> deleted = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        for (ScratchFile f : imgs) {
            String why = lock.removeFile(f);
            if (why == null) {
                images.remove(f);
                deleted.add(f.name());
                String claim = loopClaims.remove(f);
                if (claim != null) {
                    lock.unclaim(claim);
                }
                for (HostClaims.Knob k : knobs.getOrDefault(f, List.of())) {
                    lock.unclaim(k.claim());
                }
                knobs.remove(f);
            } else {
                problems.add(f.path() + ": " + why);
            }
        }
        for (DirHandle d : mps) {
            String why = lock.removeDirectory(d);
            if (why == null) {
                mountPoints.remove(d);
            } else {
                problems.add(d.path() + ": " + why);
            }
        }
        return r.withFiles(deleted, problems);
    }

    private void ensureOpen() {
        if (closed) {
            throw new IllegalStateException("kernel-lab session is closed");
        }
    }

    /** Undoes everything this run still owns, removes its files, then releases the lock. */
    @Override
    public void close() throws IOException {
        release();
    }

    /**
     * {@link #close()}, returning what was undone. When something stays, the lock file stays too, listing it, and the
     * next lab run in this directory retries.
     */
    public synchronized Teardown.Report release() throws IOException {
        if (closed) {
            return Teardown.Report.EMPTY;
        }
        closed = true;
        Teardown.Report r;
        try {
            r = removeTracing().plus(remove(List.copyOf(images), List.copyOf(mountPoints)));
            List<String> deleted = new ArrayList<>();
            List<String> problems = new ArrayList<>();
            for (ScratchFile f : List.copyOf(workFiles)) {
                String why = lock.removeFile(f);
                if (why == null) {
                    workFiles.remove(f);
                    deleted.add(f.name());
                } else {
                    problems.add(f.path() + ": " + why);
                }
            }
            for (DirHandle d : List.copyOf(workDirs)) {
                String why = lock.removeDirectory(d);
                if (why == null) {
                    workDirs.remove(d);
                } else {
                    problems.add(d.path() + ": " + why);
                }
            }
            r = r.withFiles(deleted, problems);
        } catch (IOException | RuntimeException e) {
            lock.release(false);
            images.forEach(ScratchFile::close);
            workFiles.forEach(ScratchFile::close);
            throw e;
        }
        boolean all = images.isEmpty()
                && mountPoints.isEmpty()
                && workFiles.isEmpty()
                && workDirs.isEmpty()
                && traceClaims.isEmpty()
                && tracefsDirs.isEmpty()
                && scrubRecords.isEmpty();
        String why = lock.release(all);
        images.forEach(ScratchFile::close); // what stays is listed in the lock file, for the next run's sweep
        workFiles.forEach(ScratchFile::close);
        if (!r.complete() || !all || why != null) {
            throw new IOException(
                    "could not undo everything in " + lock.dir().path() + ": " + String.join("; ", r.problems())
                            + (why == null ? "" : "; " + why) + "; the next kernel-lab run in this directory"
                            + " will try again");
        }
        return r;
    }

    /**
     * Drops the run the way a kill does: descriptors closed (so the lock is free), loop devices, mounts, files and the
     * lock file left. For tests of the sweep.
     */
    synchronized void abandon() {
        closed = true;
        lock.release(false);
        images.forEach(ScratchFile::close);
        workFiles.forEach(ScratchFile::close);
    }

    /**
     * Undoes and removes what ended runs left in {@code dir}: killed lab runs (only when their lock can be taken, the
     * manifest is this user's from this host, and each loop device is over an image still at its recorded name) and
     * plain DIO Lab scratch files. What a killed lab run's teardown could not undo is added to {@code problems} and
     * stays for a later sweep or for the user.
     */
    public static SweepReport sweep(DirHandle dir, HostTools tools, List<String> problems) throws IOException {
        SessionTeardown labTeardown = session -> {
            // Tracing first: its instance lives in the kernel, not in a mount; a tracefs on a session directory must
            // be gone before that directory is looked at as a volume's mount point.
            List<String> traced = new ArrayList<>();
            List<String> traceProblems = new ArrayList<>();
            TraceTeardown.undo(
                    TraceTeardown.claimed(session.claims(), session.session()),
                    session.session(),
                    traced,
                    traceProblems);
            List<Teardown.Image> imgs = new ArrayList<>();
            List<Path> mps = new ArrayList<>();
            for (SessionEntry e : session.entries()) {
                if (e.topLevel() && e.directory()) {
                    mps.add(e.path());
                } else if (e.topLevel()) {
                    imgs.add(new Teardown.Image(e.name(), e.id(), session.stillThere(e)));
                }
            }
            List<HostClaims.Knob> ks = session.claims().stream()
                    .flatMap(c -> HostClaims.knob(c).stream())
                    .toList();
            List<HostClaims.ScrubRecord> srs = session.claims().stream()
                    .flatMap(c -> HostClaims.scrubRecord(c).stream())
                    .toList();
            Teardown.Report r = traceProblems.isEmpty()
                    ? Teardown.undo(new Teardown.Owned(imgs, mps, ks, srs), tools)
                    : new Teardown.Report(List.of(), List.of(), List.of(), traceProblems);
            problems.addAll(r.problems());
            List<String> lines = new ArrayList<>(traced);
            lines.addAll(r.lines());
            return new SessionTeardown.Result(lines, r.problems());
        };
        return StaleSweep.sweep(dir, Map.of(TEARDOWN, labTeardown));
    }
}
