package org.diolab.live.run;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.util.function.LongConsumer;
import org.diolab.live.job.CancelToken;
import org.diolab.live.job.CsumImpl;
import org.diolab.live.job.JobSpec;
import org.diolab.live.job.Mode;
import org.diolab.live.report.RaceCounters;

/**
 * The after-run checks, on what is really on disk: every block of every mirror is read back (O_DIRECT, so the page
 * cache cannot answer for the device) and compared with mirror 0, with its stored checksum, and with the pattern.
 */
final class Verifier {
    /** Which checks to run. */
    record Checks(boolean mirrors, boolean checksums, boolean data) {
        boolean any() {
            return mirrors || checksums || data;
        }
    }

    private Verifier() {}

    static RaceCounters verify(
            JobSpec job,
            Path[][] files,
            ChecksumTable[] tables,
            DataPattern pattern,
            Checks checks,
            int alignment,
            CancelToken cancel,
            LongConsumer progress)
            throws IOException {
        ChunkedPass pass = ChunkedPass.of(job, alignment);
        Mode mode = pass.direct() ? Mode.DIRECT : Mode.BUFFERED;
        Crc32c crc = Crc32c.of(CsumImpl.HW);
        long compared = 0;
        long differing = 0;
        long csumChecked = 0;
        long csumBad = 0;
        long dataChecked = 0;
        long dataBad = 0;
        long done = 0;
        try (Arena arena = Arena.ofConfined()) {
            int mirrors = job.mirrors();
            MemorySegment[] bufs = new MemorySegment[mirrors];
            for (int m = 0; m < mirrors; m++) {
                bufs[m] = arena.allocate(pass.chunk(), alignment);
            }
            for (int w = 0; w < files.length; w++) {
                IoTarget[] targets = new IoTarget[mirrors];
                try {
                    for (int m = 0; m < mirrors; m++) {
                        targets[m] = IoTarget.open(files[w][m], mode, false);
                    }
                    for (long off = 0; off < job.size(); off += pass.chunk()) {
                        cancel.throwIfCancelled();
                        long len = pass.lengthAt(off, job.size());
                        for (int m = 0; m < mirrors; m++) {
                            targets[m].read(bufs[m].asSlice(0, len), off);
                            done += len;
                        }
                        if (checks.mirrors()) {
                            for (long b = 0; b < len; b += JobSpec.BLOCK) {
                                compared++;
                                differing += differs(bufs, b) ? 1 : 0;
                            }
                        }
                        for (int m = 0; m < mirrors; m++) {
                            MemorySegment data = bufs[m].asSlice(0, len);
                            if (checks.checksums()) {
                                csumChecked += len / JobSpec.BLOCK;
                                csumBad += tables[w].countMismatches(crc, data, off);
                            }
                            if (checks.data()) {
                                dataChecked += len / JobSpec.BLOCK;
                                dataBad += pattern.countBad(data, 0, len, off, w);
                            }
                        }
                        progress.accept(done);
                    }
                } finally {
                    for (IoTarget t : targets) {
                        if (t != null) {
                            t.close();
                        }
                    }
                }
            }
        }
        return new RaceCounters(0, compared, differing, 0, 0, csumChecked, csumBad, dataChecked, dataBad, 0);
    }

    private static boolean differs(MemorySegment[] bufs, long at) {
        for (int m = 1; m < bufs.length; m++) {
            if (MemorySegment.mismatch(bufs[0], at, at + JobSpec.BLOCK, bufs[m], at, at + JobSpec.BLOCK) >= 0) {
                return true;
            }
        }
        return false;
    }
}
