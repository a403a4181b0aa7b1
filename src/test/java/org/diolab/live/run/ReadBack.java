package org.diolab.live.run;

import static org.assertj.core.api.Assertions.assertThat;

import org.diolab.live.job.JobSpec;
import org.diolab.live.report.JobResult;
import org.diolab.live.report.RaceCounters;

/** What a run without mutators must show, whatever its engine or mode: the data reads back as it was written. */
final class ReadBack {
    private ReadBack() {}

    /**
     * A verified, synchronously checksummed write to two mirrors wrote every byte once, every block agrees on both
     * mirrors and with its checksum, and reads back as written.
     */
    static void everyMirrorAsWritten(JobSpec write, JobResult w) {
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
    }

    /** A verified, checksummed read by two threads read each one's file whole and found what was laid out. */
    static void asLaidOut(JobSpec read, JobResult r) {
        long blocks = 2 * read.size() / JobSpec.BLOCK;
        assertThat(r.read().ioBytes()).isEqualTo(2 * read.size());
        assertThat(r.races().verifyBlocks()).isEqualTo(blocks);
        assertThat(r.races().verifyErrors()).isZero();
        assertThat(r.races().csumBlocksCheckedOnRead()).isEqualTo(blocks);
        assertThat(r.races().csumMismatchesOnRead()).isZero();
    }
}
