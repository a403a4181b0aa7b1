package org.diolab.live.run;

import java.lang.foreign.MemorySegment;
import org.diolab.live.job.JobSpec;
import org.jspecify.annotations.Nullable;

/**
 * Everything one worker uses; built by {@link JobRunner}, owned by the worker while it runs.
 *
 * @param user   one buffer per slot of the queue
 * @param bounce the private copies bounce mode writes from and reads into, per slot, or null
 * @param cached where a page-cache write (buffered, DONTCACHE) with checksums reads back what the page cache
 *               got, to checksum that (as writeback would), per slot, or null
 */
record WorkerSetup(
        JobSpec job,
        int fileId,
        IoTarget[] targets,
        MemorySegment[] user,
        MemorySegment @Nullable [] bounce,
        MemorySegment @Nullable [] cached,
        DataPattern pattern,
        @Nullable ChecksumTable table,
        @Nullable AsyncChecksummer async,
        Flows.@Nullable Member flow,
        @Nullable Runnable exit) {}
