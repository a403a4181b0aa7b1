package org.diolab.live.report;

import org.diolab.live.job.JobSpec;

/**
 * What the invariant checks found, counted, never hidden. Each pair is (checked, failed):
 * <ul>
 *   <li>mirror blocks: after the run every mirror is read back and each 4 KiB block compared with mirror 0
 *       (S003 scenario A: zero-copy DIO to a RAID1 while the buffer changes);</li>
 *   <li>checksums on read: each block read is checked against its stored CRC32C in the buffer it landed in; a
 *       mismatch with good data on disk is S000's false checksum failure;</li>
 *   <li>checksums on disk: after the run every block on disk is checked against its stored CRC32C; a mismatch means
 *       the checksum was taken from other bytes than the device wrote (S003, 968f19c5b1b7);</li>
 *   <li>verify: blocks whose bytes are not the pattern written for that offset ({@code --verify}).</li>
 * </ul>
 *
 * @param mutatorStores stores the mutator threads made into user buffers during the run
 * @param eagains       RWF_NOWAIT calls that returned EAGAIN (each then reissued without the flag)
 */
public record RaceCounters(
        long mutatorStores,
        long mirrorBlocksCompared,
        long mirrorBlocksDiffering,
        long csumBlocksCheckedOnRead,
        long csumMismatchesOnRead,
        long csumBlocksCheckedOnDisk,
        long csumMismatchesOnDisk,
        long verifyBlocks,
        long verifyErrors,
        long eagains) {
    public static RaceCounters none() {
        return new RaceCounters(0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
    }

    public RaceCounters plus(RaceCounters o) {
        return new RaceCounters(
                mutatorStores + o.mutatorStores,
                mirrorBlocksCompared + o.mirrorBlocksCompared,
                mirrorBlocksDiffering + o.mirrorBlocksDiffering,
                csumBlocksCheckedOnRead + o.csumBlocksCheckedOnRead,
                csumMismatchesOnRead + o.csumMismatchesOnRead,
                csumBlocksCheckedOnDisk + o.csumBlocksCheckedOnDisk,
                csumMismatchesOnDisk + o.csumMismatchesOnDisk,
                verifyBlocks + o.verifyBlocks,
                verifyErrors + o.verifyErrors,
                eagains + o.eagains);
    }

    /** True when some check failed (see {@link #anyViolation(JobSpec)} for what counts as a broken invariant). */
    public boolean anyViolation() {
        return mirrorBlocksDiffering > 0 || csumMismatchesOnRead > 0 || csumMismatchesOnDisk > 0 || verifyErrors > 0;
    }

    /**
     * True when {@code job} broke an invariant: mirrors differ, a checksum does not match its data, or data is not
     * what was written. Written data that differs from the pattern does not count when mutator threads kept
     * changing the buffers being written: their stores are the application's own, legal changes.
     */
    public boolean anyViolation(JobSpec job) {
        return mirrorBlocksDiffering > 0
                || csumMismatchesOnRead > 0
                || csumMismatchesOnDisk > 0
                || (dataErrorsCount(job) && verifyErrors > 0);
    }

    /** Whether verify errors mean broken data for {@code job}: not for writes of buffers a mutator changes. */
    public static boolean dataErrorsCount(JobSpec job) {
        return !(job.rw().writes() && job.mutators() > 0);
    }
}
