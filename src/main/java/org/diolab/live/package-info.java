/**
 * The live backend: the lessons' operations and policies run for real on files in a scratch directory, measured the
 * way fio measures and checked for the invariants the seeds argue about. Its rooms, each using only those above it:
 * <ul>
 *   <li>{@code job}: what to run ({@code JobSpec}, the one table of job options {@code JobOptions}, fio units and job
 *       files, modes) and what a caller hears back while it runs (refusal, failure, cancel, progress);</li>
 *   <li>{@code probe}: the machine (environment, page cache, hugetlb pool, CPU time, heap);</li>
 *   <li>{@code scratch}: the scratch directory's safety (descriptor-held directory and files, session lock and
 *       manifest, sweep of ended runs);</li>
 *   <li>{@code report}: what a run measured (results, latency, race counters, fio's JSON, fio comparison);</li>
 *   <li>{@code run}: the engine ({@code LiveEngine}, the front door) and what it runs with: runner, workers, mirror
 *       legs, buffers, native targets, checksummers, verifier;</li>
 *   <li>{@code fio} (the same job under fio, side by side) and {@code calib} (calibration), on top;</li>
 *   <li>{@code kernel}: the kernel lab, which builds on all of them.</li>
 * </ul>
 * The native calls underneath are {@code org.diolab.sys}'s.
 *
 * <h2>Running a job</h2>
 * <pre>{@code
 * JobSpec job = JobSpec.builder().name("raid1-race").rw(RwPattern.WRITE).bs(64 << 10).size(64L << 20)
 *         .mode(Mode.DIRECT)      // zero copy: the device reads the user's pages when it runs
 *         .mirrors(2)             // RAID1 as two files written from the same buffer by two threads
 *         .mutators(1)            // a thread storing into that buffer meanwhile (the store actor)
 *         .csum(CsumMode.SYNC)    // CRC32C per 4 KiB block, computed before submission
 *         .build();
 * CancelToken cancel = new CancelToken();
 * JobResult r = LiveEngine.run(Path.of("/var/tmp/lab"), job, RunOptions.defaults(), progress -> { }, cancel);
 * r.races().mirrorBlocksDiffering();   // > 0: the mirrors diverged (S003); with Mode.BOUNCE it stays 0
 * r.races().csumMismatchesOnDisk();    // > 0: checksums of bytes the device never wrote
 * r.write().mibPerSecond();            // and what it cost
 * }</pre>
 *
 * <h2>What is real here</h2>
 * <ul>
 *   <li>User buffers are native memory from {@code mmap} ({@link org.diolab.live.job.BufferMemory}); every transfer is
 *       one {@code pread/pwrite} (or {@code preadv2/pwritev2} for RWF_DONTCACHE and RWF_NOWAIT) made through a
 *       single FFM downcall to libc's {@code syscall}, with nothing allocated per I/O.</li>
 *   <li>Jobs have psync semantics like fio's: each thread does one synchronous positional I/O at a time on its own
 *       file; latency is one {@code nanoTime} pair per I/O into an HdrHistogram.</li>
 *   <li>Checks read what is on disk after the run (mirrors, checksums, data pattern) and the page cache
 *       ({@code cachestat}); nothing is modelled, nothing hard-coded.</li>
 *   <li>{@link org.diolab.live.fio.FioBridge} runs the same job under fio on the same files, like for like (same memory
 *       kind, fio's buffer scrambling off, fio threads), for comparison.</li>
 * </ul>
 *
 * <h2>Safety</h2>
 * Files are created only by {@link org.diolab.live.scratch.ScratchDir}, directly inside the chosen directory (held
 * open by descriptor, {@link org.diolab.live.scratch.DirHandle}), with {@code openat(O_CREAT|O_EXCL|O_NOFOLLOW)}, and
 * used through the descriptor that created them ({@link org.diolab.live.scratch.ScratchFile}): a link put at a name
 * later is never reached. Each session holds a {@link org.diolab.live.scratch.SessionLock} ({@code flock}) listing its
 * files by device, inode and birth time; they are removed when the session ends, fails or is cancelled, and the next
 * session removes what a crashed one left, only after taking its lock ({@code StaleSweep}). A session that keeps files
 * ({@code --keep-files}) lays them out as {@code .dio-lab-kept-<size>-w<n>-m<n>} under the kept files' own lock
 * instead ({@link org.diolab.live.scratch.ScratchDir#keptFile}), for later runs to reuse. Unusable directories,
 * options and buffer sets too big for the memory ({@link org.diolab.live.run.MemoryBudget}) are refused with a {@link
 * org.diolab.live.job.LiveRefusal} that says why and what to do.
 *
 * <p>No JavaFX and no printing here: results are return values, progress goes to a
 * {@link org.diolab.live.job.ProgressListener}, cancellation comes from a {@link org.diolab.live.job.CancelToken}.
 */
package org.diolab.live;
