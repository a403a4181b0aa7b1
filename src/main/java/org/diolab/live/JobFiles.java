package org.diolab.live;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;

/**
 * The files of one job in a scratch session, {@code w<worker>-m<mirror>}, prepared the way fio prepares them:
 * <ul>
 *   <li>jobs that read, or check content, get files fully written with the pattern (and checksums, when the job
 *       checks them): reading unwritten blocks would return zeros no device delivered;</li>
 *   <li>write-only jobs get allocated, unwritten files ({@code fallocate}), like fio's default
 *       {@code fallocate=native}, so their first pass allocates as fio's does;</li>
 *   <li>a file an earlier job of the session prepared at the same size is reused when the new job does not check
 *       content; that is how the fio bridge runs fio and DIO Lab on the very same files.</li>
 * </ul>
 * Refuses the job when the filesystem lacks the room.
 */
final class JobFiles {
    final Path[][] paths;
    final ChecksumTable[] tables;

    private JobFiles(Path[][] paths, ChecksumTable[] tables) {
        this.paths = paths;
        this.tables = tables;
    }

    static String tag(int worker, int mirror) {
        return "w" + worker + "-m" + mirror;
    }

    /**
     * @param forceWritten write every byte even for a write-only job (the fio bridge: both tools must overwrite
     *                     the same written blocks, not race to allocate them)
     */
    static JobFiles prepare(ScratchDir scratch, JobSpec job, DataPattern pattern, ProgressListener listener,
                            CancelToken cancel, boolean forceWritten) throws IOException {
        boolean fresh = job.needsKnownContent();
        boolean needWritten = forceWritten || fresh || job.rw().reads();
        Set<String> wanted = new HashSet<>();
        int owners = job.sharedFile() ? 1 : job.numjobs(); // --shared-file: worker 0's files serve every worker
        for (int w = 0; w < owners; w++) {
            for (int m = 0; m < job.mirrors(); m++) {
                wanted.add(scratch.fileName(tag(w, m)));
            }
        }
        // Files this job does not use, or has to rebuild at another size, go first: they free room.
        long kept = 0;
        for (Path p : scratch.files()) {
            ScratchDir.Layout l = scratch.layout(p);
            if (wanted.contains(p.getFileName().toString()) && l != null && l.size() == job.size()) {
                kept += job.size();
            } else {
                scratch.delete(p);
            }
        }
        JobFiles.ensureRoom(scratch, job, job.footprintBytes() - kept);

        Path[][] paths = new Path[job.numjobs()][job.mirrors()];
        ChecksumTable[] tables = new ChecksumTable[job.numjobs()];
        long total = job.footprintBytes();
        long base = 0;
        for (int w = 0; w < job.numjobs(); w++) {
            if (w >= owners) {
                paths[w] = paths[0];
                tables[w] = tables[0];
                continue;
            }
            for (int m = 0; m < job.mirrors(); m++) {
                paths[w][m] = scratch.file(tag(w, m));
            }
            ScratchDir.Layout l = scratch.layout(paths[w][0]);
            boolean ready = l != null && l.size() == job.size() && (l.written() || !needWritten);
            if (fresh || !ready) {
                boolean written = needWritten || !allocate(paths[w], job.size());
                if (written) {
                    tables[w] = job.csum() == CsumMode.NONE ? null : new ChecksumTable(job.size());
                    long before = base;
                    LayoutWriter.layOut(paths[w], job, w, pattern, tables[w], fresh, scratch.alignment(), cancel,
                            done -> listener.onProgress(new Progress(job.name(), Progress.Phase.PREPARE,
                                    before + done, total, 0, 0, 0)));
                }
                for (Path p : paths[w]) {
                    scratch.recordLayout(p, new ScratchDir.Layout(job.size(), written));
                }
            }
            base += job.size() * job.mirrors();
        }
        if (job.invalidate()) {
            for (int w = 0; w < owners; w++) {
                for (Path p : paths[w]) {
                    PageCache.drop(p); // fio's invalidate=1: every job starts with a cold page cache
                }
            }
        }
        return new JobFiles(paths, tables);
    }

    /** fallocate()s each file; false when the filesystem cannot, and the caller writes the pattern instead. */
    private static boolean allocate(Path[] files, long size) throws IOException {
        for (Path p : files) {
            try (NativeFile f = NativeFile.open(p, false, true)) {
                if (!f.allocate(size)) {
                    return false;
                }
            }
        }
        return true;
    }

    /** Refuses when the new bytes would not fit, keeping min(1 GiB, 5%) of the filesystem free for everyone else. */
    static void ensureRoom(ScratchDir scratch, JobSpec job, long newBytes) throws IOException {
        long usable = scratch.usableSpace();
        long total = Files.getFileStore(scratch.dir()).getTotalSpace();
        long reserve = Math.min(1L << 30, total / 20);
        if (newBytes > 0 && newBytes + reserve > usable) {
            throw new LiveRefusal(LiveRefusal.Reason.NO_SPACE, "job '" + job.name() + "' needs "
                    + FioUnits.humanBytes(newBytes) + " (" + job.fileCount() + " file(s) of "
                    + FioUnits.humanBytes(job.size()) + ") in " + scratch.dir() + ", but only "
                    + FioUnits.humanBytes(Math.max(0, usable - reserve)) + " is free there (keeping "
                    + FioUnits.humanBytes(reserve) + " spare); lower --size, --numjobs or --mirrors, or pass a --dir"
                    + " on a filesystem with more room");
        }
    }
}
