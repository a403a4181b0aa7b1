package org.diolab.live.report;

import java.time.Instant;
import java.util.List;
import org.diolab.live.job.BufferMemory;
import org.diolab.live.job.JobSpec;
import org.diolab.live.probe.CacheResidency;
import org.diolab.live.probe.CpuTime;
import org.diolab.live.probe.Environment;

/**
 * Everything one live job measured and checked, with the job and machine it belongs to, so a number never travels
 * without its context.
 *
 * @param elapsedNanos wall time from the common start of the threads to the last thread's end (fio's runtime)
 * @param samples      bytes per sampling interval, for charts and fio's bw statistics
 * @param cache        page-cache residency of the job's files just after the run (before any verification read)
 * @param alignment    O_DIRECT offset alignment of the scratch files (statx STATX_DIOALIGN, else the device's block)
 * @param directBypassesCache false when the filesystem turned an O_DIRECT probe write into buffered I/O (btrfs
 *                            with data checksums does since 968f19c5b1b7): "direct" numbers are then buffered ones
 * @param hugePageBuffers whether the buffers the device reads or fills (the bounce buffers for bounce, else the
 *                        user's) really got huge pages (see {@link BufferMemory})
 * @param bufferRuns   physically contiguous runs of pages behind the first worker's DMA buffer (the segments of one
 *                     request over it), 0 when the kernel does not say (unprivileged)
 * @param cpu          CPU time of the whole process (all threads, user and kernel) from the job's set-up to its end
 *                     checks: what the run cost, comparable with fio's process CPU per run
 * @param depths       how many I/Os the threads had in flight as they issued each (fio's IO depths)
 * @param access       I/Os per block size and the hit profile of a skewed distribution ({@link AccessMix#NONE}:
 *                     one bs, uniform offsets)
 */
public record JobResult(
        JobSpec job,
        Environment machine,
        String scratchDir,
        int alignment,
        boolean directBypassesCache,
        boolean hugePageBuffers,
        Instant startedAt,
        long elapsedNanos,
        DirectionStats read,
        DirectionStats write,
        List<BandwidthSample> samples,
        RaceCounters races,
        CacheResidency cache,
        int bufferRuns,
        CpuTime cpu,
        IoDepths depths,
        AccessMix access) {
    public JobResult {
        samples = List.copyOf(samples);
    }

    /** Read plus write bytes moved in the measured time. */
    public long totalBytes() {
        return read.ioBytes() + write.ioBytes();
    }

    /** Read plus write bytes per second: the number compared with fio. */
    public double totalBytesPerSecond() {
        return read.bytesPerSecond() + write.bytesPerSecond();
    }
}
