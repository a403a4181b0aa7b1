package org.diolab.live.job;

import java.time.Duration;
import java.util.Objects;

/**
 * One fio-like job: what to run, not where. Sizes are per worker thread, as in fio: {@code numjobs=8 size=1g} means
 * eight threads, each with its own 1 GiB file (times {@code mirrors}). A non-zero {@code runtime} makes the job time
 * based: it loops over its file until the time is up, like fio's {@code time_based}.
 *
 * <p>The constructor refuses nonsense that does not depend on the disk (size smaller than bs, bs not a multiple of
 * 4096 where pages or checksum blocks are involved); the scratch directory adds its own alignment check.
 *
 * @param randseed seeds the random offsets, the read/write mix and the data pattern, so a job repeats exactly
 * @param iomem    what backs the user buffers; huge pages by default, so results do not depend on allocator luck
 * @param invalidate drop the files' cached pages before the job, as fio's {@code invalidate=1} (the default) does;
 *                   false measures from a warm page cache, i.e. the software path without a device
 * @param sharedFile all {@code numjobs} threads work on one file of {@code size} bytes, as fio's jobs do when they
 *                   share one {@code filename}: they meet at one inode and its locks (S002's ext4 convoy)
 * @param engine     the I/O engine and its queue depth and batching (fio's ioengine, iodepth, iodepth_batch_*)
 * @param timeBased  loop over the file until {@code runtime} is up (fio's time_based); false with a runtime: one
 *                   pass (or {@code loops}), cut short at the runtime, as fio's runtime without time_based
 * @param filename   a job file's {@code filename=}: the name of the one file the job's threads share, which other
 *                   jobs of the same run naming it share too ("" when the job names none)
 * @param skip       fio's {@code rw=read:8k}: bytes skipped after each sequential I/O (negative: backwards)
 * @param randomMap  random jobs visit every block once per pass (fio's random map); false for {@code norandommap}:
 *                   each offset drawn afresh, so some repeat and some are never visited
 * @param loops      passes over the file of a job that is not time based (fio's loops)
 * @param pacing     fio's rate, rate_iops and ratemin, rate_process and io_submit_mode
 * @param access     fio's bssplit, blockalign and random_distribution; with a split, {@code bs} is its largest size
 * @param content    what writes put in the file: DIO Lab's pattern, or fio's dedupe and compression settings
 * @param flow       fio's flow, flow_id and flow_sleep: I/O counts kept in proportion to other jobs' of the flow
 * @param cadence    fio's number_ios, thinktime and thinktime_blocks: when a job thread ends early and stalls
 * @param verifyPattern fio's verify_pattern with its headers: what writes lay down and reads check, fio's way
 */
public record JobSpec(
        String name,
        RwPattern rw,
        int rwmixread,
        long bs,
        long size,
        Duration runtime,
        int numjobs,
        Mode mode,
        CsumMode csum,
        CsumImpl csumImpl,
        int mirrors,
        int mutators,
        boolean nowait,
        boolean verify,
        boolean endFsync,
        long randseed,
        BufferMemory iomem,
        boolean invalidate,
        boolean sharedFile,
        EngineSpec engine,
        boolean timeBased,
        String filename,
        long skip,
        boolean randomMap,
        int loops,
        Pacing pacing,
        AccessPattern access,
        BufferContent content,
        Flow flow,
        Cadence cadence,
        VerifyPattern verifyPattern) {

    /** Checksums and page-sized views work on 4 KiB blocks, the page size and the usual filesystem block. */
    public static final int BLOCK = 4096;

    public static final long MAX_BS = 256L << 20;
    /** Largest file per worker: 1 PiB, far beyond any disk, small enough that numjobs x mirrors x size fits a long. */
    public static final long MAX_SIZE = 1L << 50;
    /** Longest time-based run: 30 days (720h); longer ones overflow nothing, but are surely a typo. */
    public static final Duration MAX_RUNTIME = Duration.ofDays(30);

    public static final int MAX_NUMJOBS = 64;
    public static final int MAX_MIRRORS = 8;
    public static final int MAX_MUTATORS = 16;

    public JobSpec {
        Objects.requireNonNull(rw, "rw");
        Objects.requireNonNull(runtime, "runtime");
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(csum, "csum");
        Objects.requireNonNull(csumImpl, "csumImpl");
        Objects.requireNonNull(iomem, "iomem");
        Objects.requireNonNull(engine, "engine");
        Objects.requireNonNull(filename, "filename");
        Objects.requireNonNull(pacing, "pacing");
        Objects.requireNonNull(access, "access");
        Objects.requireNonNull(content, "content");
        Objects.requireNonNull(flow, "flow");
        Objects.requireNonNull(cadence, "cadence");
        verifyPattern.checkJob(rw, access, content.refills() || verify || csum != CsumMode.NONE);
        if (content.refills() && (verify || csum != CsumMode.NONE)) {
            throw LiveRefusal.badOption("dedupe_percentage and buffer_compress_percentage choose the bytes written;"
                    + " --verify and --csum need DIO Lab's own pattern: use one or the other");
        }
        JobSpecChecks.check(new JobSpecChecks.Shape(
                name,
                rw,
                mode,
                csum,
                verify,
                bs,
                size,
                skip,
                rwmixread,
                numjobs,
                mirrors,
                mutators,
                runtime,
                loops,
                sharedFile,
                filename,
                access));
    }

    /** A job with fio's defaults where fio has one (rw=read, bs=4k) and DIO Lab's otherwise (direct, 64 MiB). */
    public static Builder builder() {
        return new Builder();
    }

    public Builder toBuilder() {
        return new Builder()
                .name(name)
                .rw(rw)
                .rwmixread(rwmixread)
                .bs(bs)
                .size(size)
                .runtime(runtime)
                .numjobs(numjobs)
                .mode(mode)
                .csum(csum)
                .csumImpl(csumImpl)
                .mirrors(mirrors)
                .mutators(mutators)
                .nowait(nowait)
                .verify(verify)
                .endFsync(endFsync)
                .randseed(randseed)
                .iomem(iomem)
                .invalidate(invalidate)
                .sharedFile(sharedFile)
                .engine(engine.engine())
                .iodepth(engine.iodepth())
                .iodepthBatch(
                        engine.batchSubmit(),
                        engine.completeMin(),
                        engine.defaultCompleteMax() ? 0 : engine.completeMax())
                .fixedBufs(engine.fixedBufs())
                .timeBased(timeBased)
                .filename(filename)
                .skip(skip)
                .randomMap(randomMap)
                .loops(loops)
                .pacing(pacing)
                .access(access)
                .content(content)
                .flow(flow)
                .cadence(cadence)
                .verifyPattern(verifyPattern);
    }

    /** I/Os each thread keeps in flight: 1 for the synchronous engines. */
    public int depth() {
        return engine.effectiveDepth();
    }

    /**
     * True when the files must hold a known pattern with known checksums before the job starts, so that checksums
     * and data can be verified; other jobs may reuse files laid out by an earlier job of the same size.
     */
    public boolean needsKnownContent() {
        return csum != CsumMode.NONE || verify;
    }

    /** True when all threads share one file: {@code --shared-file}, or a job file's {@code filename=}. */
    public boolean oneFile() {
        return sharedFile || !filename.isEmpty();
    }

    /** Number of files the job uses: one per worker thread per mirror, or one in all with a shared file. */
    public int fileCount() {
        return oneFile() ? mirrors : numjobs * mirrors;
    }

    /** Bytes the job needs in the scratch directory. */
    public long footprintBytes() {
        return size * fileCount();
    }

    /** Mutable builder with the defaults of {@link #builder()}. */
    public static final class Builder {
        private String name = "dio-lab";
        private RwPattern rw = RwPattern.READ;
        private int rwmixread = 50;
        private long bs = 4096;
        private long size = 64L << 20;
        private Duration runtime = Duration.ZERO;
        private int numjobs = 1;
        private Mode mode = Mode.DIRECT;
        private CsumMode csum = CsumMode.NONE;
        private CsumImpl csumImpl = CsumImpl.HW;
        private int mirrors = 1;
        private int mutators = 0;
        private boolean nowait;
        private boolean verify;
        private boolean endFsync;
        private long randseed = 0x5eedL;
        private BufferMemory iomem = BufferMemory.THP;
        private boolean invalidate = true;
        private boolean sharedFile;
        private Engine engine = Engine.PSYNC;
        private int iodepth = 1;
        private int batchSubmit = 1;
        private int completeMin = 1;
        private int completeMax;
        private boolean fixedBufs;
        private boolean timeBased;
        private String filename = "";
        private long skip;
        private boolean randomMap = true;
        private int loops = 1;
        private Pacing pacing = Pacing.NONE;
        private AccessPattern access = AccessPattern.PLAIN;
        private BufferContent content = BufferContent.PATTERN;
        private Flow flow = Flow.NONE;
        private Cadence cadence = Cadence.NONE;
        private VerifyPattern verifyPattern = VerifyPattern.NONE;

        public Builder name(String v) {
            name = v;
            return this;
        }

        public Builder rw(RwPattern v) {
            rw = v;
            return this;
        }

        public Builder rwmixread(int v) {
            rwmixread = v;
            return this;
        }

        public Builder bs(long v) {
            bs = v;
            return this;
        }

        public Builder size(long v) {
            size = v;
            return this;
        }

        /** A time-based runtime (bench's {@code --runtime}, fio's runtime with time_based); zero: one pass. */
        public Builder runtime(Duration v) {
            runtime = v;
            timeBased = !v.isZero();
            return this;
        }

        /** fio's runtime without time_based: one pass (or {@code loops}), stopped at {@code v} if not done. */
        public Builder runtimeCap(Duration v) {
            runtime = v;
            timeBased = false;
            return this;
        }

        public Builder timeBased(boolean v) {
            timeBased = v;
            return this;
        }

        public Builder engine(Engine v) {
            engine = v;
            return this;
        }

        public Builder iodepth(int v) {
            iodepth = v;
            return this;
        }

        /** fio's iodepth_batch_submit, iodepth_batch_complete_min and _max (0: iodepth for submit, min for max). */
        public Builder iodepthBatch(int submit, int min, int max) {
            batchSubmit = submit;
            completeMin = min;
            completeMax = max;
            return this;
        }

        public Builder iodepthBatchSubmit(int v) {
            batchSubmit = v;
            return this;
        }

        public Builder iodepthBatchCompleteMin(int v) {
            completeMin = v;
            return this;
        }

        public Builder iodepthBatchCompleteMax(int v) {
            completeMax = v;
            return this;
        }

        public Builder fixedBufs(boolean v) {
            fixedBufs = v;
            return this;
        }

        public Builder filename(String v) {
            filename = v;
            return this;
        }

        public Builder skip(long v) {
            skip = v;
            return this;
        }

        public Builder randomMap(boolean v) {
            randomMap = v;
            return this;
        }

        public Builder loops(int v) {
            loops = v;
            return this;
        }

        public Builder pacing(Pacing v) {
            pacing = v;
            return this;
        }

        public Builder access(AccessPattern v) {
            access = v;
            return this;
        }

        public Builder content(BufferContent v) {
            content = v;
            return this;
        }

        public Builder flow(Flow v) {
            flow = v;
            return this;
        }

        /** The flow settings so far, for options that set one part of them. */
        Flow flow() {
            return flow;
        }

        public Builder cadence(Cadence v) {
            cadence = v;
            return this;
        }

        public Builder verifyPattern(VerifyPattern v) {
            verifyPattern = v;
            return this;
        }

        VerifyPattern verifyPattern() {
            return verifyPattern;
        }

        /** The cadence so far, for options that set one part of it. */
        Cadence cadence() {
            return cadence;
        }

        /** The buffer content set so far, for options that set one part of it. */
        BufferContent content() {
            return content;
        }

        /** The access pattern set so far, for options that set one part of it. */
        AccessPattern access() {
            return access;
        }

        /** The pacing set so far, for options that set one part of it. */
        Pacing pacing() {
            return pacing;
        }

        public Builder numjobs(int v) {
            numjobs = v;
            return this;
        }

        public Builder mode(Mode v) {
            mode = v;
            return this;
        }

        public Builder csum(CsumMode v) {
            csum = v;
            return this;
        }

        public Builder csumImpl(CsumImpl v) {
            csumImpl = v;
            return this;
        }

        public Builder mirrors(int v) {
            mirrors = v;
            return this;
        }

        public Builder mutators(int v) {
            mutators = v;
            return this;
        }

        public Builder nowait(boolean v) {
            nowait = v;
            return this;
        }

        public Builder verify(boolean v) {
            verify = v;
            return this;
        }

        public Builder endFsync(boolean v) {
            endFsync = v;
            return this;
        }

        public Builder randseed(long v) {
            randseed = v;
            return this;
        }

        public Builder iomem(BufferMemory v) {
            iomem = v;
            return this;
        }

        public Builder invalidate(boolean v) {
            invalidate = v;
            return this;
        }

        public Builder sharedFile(boolean v) {
            sharedFile = v;
            return this;
        }

        public JobSpec build() {
            return new JobSpec(
                    name,
                    rw,
                    rwmixread,
                    access.split().isNone() ? bs : access.split().max(), // fio: bssplit wins over bs
                    size,
                    runtime,
                    numjobs,
                    mode,
                    csum,
                    csumImpl,
                    mirrors,
                    mutators,
                    nowait,
                    verify,
                    endFsync,
                    randseed,
                    iomem,
                    invalidate,
                    sharedFile,
                    new EngineSpec(engine, iodepth, batchSubmit, completeMin, completeMax, fixedBufs),
                    timeBased && !runtime.isZero(),
                    filename,
                    skip,
                    randomMap,
                    loops,
                    pacing,
                    access,
                    content,
                    flow,
                    cadence,
                    verifyPattern);
        }
    }
}
