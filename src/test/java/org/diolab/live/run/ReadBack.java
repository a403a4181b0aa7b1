package org.diolab.live.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.diolab.live.LiveTestSupport;
import org.diolab.live.job.CsumMode;
import org.diolab.live.job.JobSpec;
import org.diolab.live.job.Mode;
import org.diolab.live.job.RwPattern;
import org.diolab.live.report.JobResult;
import org.diolab.live.report.RaceCounters;

/**
 * Runs without mutators, whatever their engine, depth or mode, and what they must show: the data reads back as it was
 * written. Each run's job is made here, so its checks and the job they assume stay together.
 */
final class ReadBack {
    private ReadBack() {}

    /**
     * A verified, synchronously checksummed random write of {@code base} in {@code mode} to two mirrors: it wrote
     * every byte once, every block agrees on both mirrors and with its checksum, and reads back as written.
     */
    static JobResult writeToTwoMirrors(Path dir, JobSpec.Builder base, Mode mode) {
        JobSpec write = base.rw(RwPattern.RANDWRITE)
                .mode(mode)
                .verify(true)
                .csum(CsumMode.SYNC)
                .mirrors(2)
                .build();
        JobResult w = LiveTestSupport.run(dir, write);
        long blocks = write.size() / JobSpec.BLOCK;
        assertThat(w.write().ioBytes()).isEqualTo(write.size());
        assertThat(w.write().totalIos()).isEqualTo(write.size() / write.bs());
        RaceCounters c = w.races();
        assertThat(c.mirrorBlocksCompared()).isEqualTo(blocks);
        assertThat(c.mirrorBlocksDiffering()).isZero();
        assertThat(c.csumBlocksCheckedOnDisk()).isEqualTo(2 * blocks);
        assertThat(c.csumMismatchesOnDisk()).isZero();
        assertThat(c.verifyBlocks()).isEqualTo(2 * blocks);
        assertThat(c.verifyErrors()).isZero();
        return w;
    }

    /**
     * A verified random read of {@code base} by two threads with asynchronous checksums: each read its file whole and
     * found what was laid out, every block matching its checksum.
     */
    static JobResult readByTwoThreads(Path dir, JobSpec.Builder base) {
        JobSpec read = base.rw(RwPattern.RANDREAD)
                .verify(true)
                .csum(CsumMode.ASYNC)
                .numjobs(2)
                .build();
        JobResult r = LiveTestSupport.run(dir, read);
        long blocks = 2 * read.size() / JobSpec.BLOCK;
        assertThat(r.read().ioBytes()).isEqualTo(2 * read.size());
        assertThat(r.races().verifyBlocks()).isEqualTo(blocks);
        assertThat(r.races().verifyErrors()).isZero();
        assertThat(r.races().csumBlocksCheckedOnRead()).isEqualTo(blocks);
        assertThat(r.races().csumMismatchesOnRead()).isZero();
        return r;
    }
}
