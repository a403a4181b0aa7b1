package org.diolab.live.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import org.diolab.live.job.CancelToken;
import org.diolab.live.job.CsumMode;
import org.diolab.live.job.FioUnits;
import org.diolab.live.job.JobSpec;
import org.diolab.live.job.LiveRefusal;
import org.diolab.live.job.Progress;
import org.diolab.live.job.ProgressListener;
import org.diolab.live.probe.PageCache;
import org.diolab.live.scratch.ScratchDir;
import org.diolab.live.scratch.ScratchFile;
import org.diolab.sys.Fd;

/**
 * The files of one job in a scratch session, one per worker and mirror (slot {@code w<worker>-m<mirror>}), prepared
 * so that every job starts from fully written files:
 * <ul>
 *   <li>every file is laid out in full with the job's pattern before the clock starts (and checksums, when the job
 *       checks them), write-only jobs included. Reads then read real data, and writes overwrite allocated blocks,
 *       as in fio's second run: a write-only job on an allocated but unwritten file ({@code fallocate}) would
 *       instead split it into unwritten extents one write at a time (4 KiB random writes: tens of thousands of
 *       extents, slower writes, and an unlink that discards extent by extent for many seconds);</li>
 *   <li>a file an earlier job of the session laid out at the same size is reused when the new job does not check
 *       content; that is how the fio bridge runs fio and DIO Lab on the very same files;</li>
 *   <li>when the session keeps files ({@link ScratchDir#keepFiles()}), a slot uses the kept file of its size and slot
 *       ({@link ScratchDir#keptFile}), reused when an earlier run laid it out in full and no other run holds it.</li>
 * </ul>
 * Refuses the job when the filesystem lacks the room. All of DIO Lab's choices of which file a slot uses are here.
 */
final class JobFiles {
    final Path[][] paths;
    final ChecksumTable[] tables;
    /** Slots that reused a file laid out earlier (this session or, kept, an earlier run). */
    final int reused;

    private final ScratchDir.Layout.Content[][] contents;

    private JobFiles(Path[][] paths, ChecksumTable[] tables, int reused, ScratchDir.Layout.Content[][] contents) {
        this.paths = paths;
        this.tables = tables;
        this.reused = reused;
        this.contents = contents;
    }

    static String tag(int worker, int mirror) {
        return "w" + worker + "-m" + mirror;
    }

    /**
     * A session file's tag: its size and slot ({@code 1g-w0-m0}), so jobs of different sizes in one session (a
     * lesson's experiment, repeated round robin) each keep their files instead of rebuilding them in turn.
     */
    static String sessionTag(long size, int worker, int mirror) {
        return FioUnits.formatSize(size) + "-" + tag(worker, mirror);
    }

    /**
     * The tag of the file a job file's {@code filename=NAME} names: {@code f-name}, lower case, other characters as
     * '-', with a hash of the name when that changed it, so two names never share a file by accident.
     */
    static String namedTag(String name) {
        String t = name.toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9.-]", "-");
        boolean exact = t.equals(name) && t.length() <= 48;
        t = t.length() > 48 ? t.substring(0, 48) : t;
        return "f-" + t + (exact ? "" : "-" + Integer.toHexString(name.hashCode()));
    }

    static JobFiles prepare(
            ScratchDir scratch, JobSpec job, DataPattern pattern, ProgressListener listener, CancelToken cancel)
            throws IOException {
        // Jobs that check content need files holding exactly their pattern (with verify headers when they verify).
        ScratchDir.Layout.Content needed = job.needsKnownContent() ? DataPattern.content(job, job.verify()) : null;
        int owners = job.oneFile() ? 1 : job.numjobs(); // --shared-file, filename=: worker 0's files serve everyone
        Path[][] paths = new Path[job.numjobs()][job.mirrors()];
        boolean[] ready = new boolean[job.numjobs()];
        long newBytes = 0;
        int reused = 0;
        for (int w = 0; w < owners; w++) {
            ready[w] = true;
            for (int m = 0; m < job.mirrors(); m++) {
                String tag = job.filename().isEmpty() ? sessionTag(job.size(), w, m) : namedTag(job.filename());
                Path p = scratch.keepsFiles() ? scratch.keptFile(tag).orElse(null) : null;
                if (p != null && scratch.layout(p) == null && laidOutNote(job).equals(scratch.keptNote(p))) {
                    scratch.recordLayout(
                            p, new ScratchDir.Layout(job.size(), null)); // an earlier run's; content unknown
                }
                if (p == null) {
                    p = scratch.file(tag);
                }
                ScratchDir.Layout l = scratch.layout(p);
                if (l == null || l.size() != job.size()) {
                    newBytes += job.size();
                }
                ready[w] &= l != null && l.size() == job.size() && (needed == null || needed.equals(l.content()));
                paths[w][m] = p;
            }
            reused += ready[w] ? job.mirrors() : 0;
        }
        if (!roomFor(scratch, newBytes)) {
            // Files of other jobs (other sizes) stay for their next run while there is room; now there is not.
            Set<Path> used = new HashSet<>();
            for (int w = 0; w < owners; w++) {
                used.addAll(java.util.List.of(paths[w]));
            }
            for (Path p : scratch.files()) {
                if (!used.contains(p)) {
                    scratch.delete(p);
                }
            }
        }
        JobFiles.ensureRoom(scratch, job, newBytes);

        ChecksumTable[] tables = new ChecksumTable[job.numjobs()];
        long total = job.footprintBytes();
        long base = 0;
        for (int w = 0; w < job.numjobs(); w++) {
            if (w >= owners) {
                paths[w] = paths[0];
                tables[w] = tables[0];
                continue;
            }
            tables[w] = job.csum() == CsumMode.NONE ? null : new ChecksumTable(job.size());
            if (ready[w]) {
                if (tables[w] != null) {
                    LayoutWriter.tabulate(job, w, pattern, tables[w], job.verify(), scratch.alignment());
                }
            } else {
                long before = base;
                boolean stamp = job.verify();
                LayoutWriter.layOut(
                        paths[w],
                        job,
                        w,
                        pattern,
                        tables[w],
                        stamp,
                        scratch.alignment(),
                        cancel,
                        done -> listener.onProgress(
                                new Progress(job.name(), Progress.Phase.PREPARE, before + done, total, 0, 0, 0)));
                for (int m = 0; m < job.mirrors(); m++) {
                    ScratchDir.Layout laid = new ScratchDir.Layout(job.size(), DataPattern.content(job, stamp));
                    scratch.recordLayout(paths[w][m], laid);
                    if (scratch.isKept(paths[w][m])) {
                        scratch.keptNote(paths[w][m], laidOutNote(job)); // laid out in full: later runs may reuse it
                    }
                }
            }
            base += job.size() * job.mirrors();
        }
        ScratchDir.Layout.Content[][] before = contentsBefore(scratch, paths);
        if (job.rw().writes()) {
            // What the files will hold after this job: the same pattern again only if the job writes the pattern the
            // files already hold and nothing changes its buffers meanwhile. Unknown until the job has ended well.
            for (Path[] mirrors : paths) {
                for (Path p : mirrors) {
                    scratch.recordLayout(p, new ScratchDir.Layout(job.size(), null));
                }
            }
        }
        if (job.invalidate()) {
            for (int w = 0; w < owners; w++) {
                for (Path p : paths[w]) {
                    try (Fd f = ScratchFile.open(p, false, false)) {
                        PageCache.drop(f); // fio's invalidate=1: every job starts with a cold page cache
                    }
                }
            }
        }
        return new JobFiles(paths, tables, reused, before);
    }

    /**
     * Records what the files hold after {@code job} ended without failure: a job that writes its pattern over files
     * holding that same pattern, with no mutator, leaves them as they were.
     */
    void afterRun(ScratchDir scratch, JobSpec job) {
        if (!job.rw().writes()) {
            return;
        }
        ScratchDir.Layout.Content wrote = DataPattern.content(job, job.verify());
        for (int w = 0; w < paths.length; w++) {
            for (int m = 0; m < paths[w].length; m++) {
                ScratchDir.Layout.Content before = contents[w][m];
                boolean same = job.mutators() == 0
                        && wrote.equals(before)
                        && !job.verifyPattern().active();
                scratch.recordLayout(paths[w][m], new ScratchDir.Layout(job.size(), same ? before : null));
            }
        }
    }

    /** The note a kept file carries once laid out in full (a file whose layout was cut short has none). */
    private static String laidOutNote(JobSpec job) {
        return "laid out " + job.size();
    }

    private static ScratchDir.Layout.Content[][] contentsBefore(ScratchDir scratch, Path[][] paths) {
        ScratchDir.Layout.Content[][] c = new ScratchDir.Layout.Content[paths.length][];
        for (int w = 0; w < paths.length; w++) {
            c[w] = new ScratchDir.Layout.Content[paths[w].length];
            for (int m = 0; m < paths[w].length; m++) {
                ScratchDir.Layout l = scratch.layout(paths[w][m]);
                c[w][m] = l == null ? null : l.content();
            }
        }
        return c;
    }

    private static long reserve(ScratchDir scratch) throws IOException {
        return Math.min(1L << 30, Files.getFileStore(scratch.dir()).getTotalSpace() / 20);
    }

    private static boolean roomFor(ScratchDir scratch, long newBytes) throws IOException {
        return newBytes <= 0 || newBytes + reserve(scratch) <= scratch.usableSpace();
    }

    /** Refuses when the new bytes would not fit, keeping min(1 GiB, 5%) of the filesystem free for everyone else. */
    static void ensureRoom(ScratchDir scratch, JobSpec job, long newBytes) throws IOException {
        long usable = scratch.usableSpace();
        long reserve = reserve(scratch);
        if (newBytes > 0 && newBytes + reserve > usable) {
            throw new LiveRefusal(
                    LiveRefusal.Reason.NO_SPACE,
                    "job '" + job.name() + "' needs "
                            + FioUnits.humanBytes(newBytes) + " (" + job.fileCount() + " file(s) of "
                            + FioUnits.humanBytes(job.size()) + ") in " + scratch.dir() + ", but only "
                            + FioUnits.humanBytes(Math.max(0, usable - reserve)) + " is free there (keeping "
                            + FioUnits.humanBytes(reserve)
                            + " spare); lower --size, --numjobs or --mirrors, or pass a --dir"
                            + " on a filesystem with more room");
        }
    }
}
