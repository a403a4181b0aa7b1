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
        boolean sharedFile) {

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
        if (name == null || !name.matches("[A-Za-z0-9_.+-]{1,64}")) {
            throw LiveRefusal.badOption("job name '" + name + "' must be 1-64 letters, digits or . _ + -");
        }
        if (bs < 1 || bs > MAX_BS) {
            throw LiveRefusal.badOption("bs " + bs + " is out of range; use 4k to " + FioUnits.formatSize(MAX_BS));
        }
        // bs's own rules first: suggesting a size that fits a bs refused next would send the user round twice
        if (mode.usesODirect() && bs % BLOCK != 0) {
            throw LiveRefusal.badOption("bs " + bs + " is not a multiple of 4096, which " + mode.cliName()
                    + " I/O needs (O_DIRECT moves whole aligned pages); use bs=4k, 64k, 1m ...");
        }
        if ((csum != CsumMode.NONE || verify || mirrors > 1) && bs % BLOCK != 0) {
            throw LiveRefusal.badOption("bs " + bs + " is not a multiple of 4096; checksums, verify and mirror"
                    + " comparison work per 4 KiB block");
        }
        if (size > MAX_SIZE) {
            throw LiveRefusal.badOption("size " + FioUnits.formatSize(size) + " is out of range; use " + bs + " to "
                    + FioUnits.formatSize(MAX_SIZE));
        }
        if (size < bs) {
            throw LiveRefusal.badOption("size " + FioUnits.formatSize(size) + " is smaller than bs "
                    + FioUnits.formatSize(bs) + "; make size at least one block");
        }
        if (size % bs != 0) {
            throw LiveRefusal.badOption("size " + FioUnits.formatSize(size) + " is not a multiple of bs "
                    + FioUnits.formatSize(bs) + "; use size=" + FioUnits.formatSize(size / bs * bs));
        }
        if (rwmixread < 0 || rwmixread > 100) {
            throw LiveRefusal.badOption("rwmixread " + rwmixread + " must be between 0 and 100");
        }
        if (numjobs < 1 || numjobs > MAX_NUMJOBS) {
            throw LiveRefusal.badOption("numjobs " + numjobs + " must be between 1 and " + MAX_NUMJOBS);
        }
        if (mirrors < 1 || mirrors > MAX_MIRRORS) {
            throw LiveRefusal.badOption("mirrors " + mirrors + " must be between 1 and " + MAX_MIRRORS);
        }
        if (mutators < 0 || mutators > MAX_MUTATORS) {
            throw LiveRefusal.badOption("mutators " + mutators + " must be between 0 and " + MAX_MUTATORS);
        }
        if (runtime.isNegative() || runtime.compareTo(MAX_RUNTIME) > 0) {
            throw LiveRefusal.badOption("runtime " + FioUnits.formatTime(runtime) + " is out of range; use 0 to "
                    + FioUnits.formatTime(MAX_RUNTIME));
        }
        if (!FioUnits.wholeMillis(runtime)) {
            throw LiveRefusal.badOption("runtime " + runtime.toNanos() + " ns is not a whole number of milliseconds,"
                    + " which is what DIO Lab counts time in; use "
                    + FioUnits.formatTime(Duration.ofMillis(runtime.toMillis() + 1)));
        }
        if (sharedFile && (mirrors > 1 || csum != CsumMode.NONE || verify)) {
            throw LiveRefusal.badOption("--shared-file works without --mirrors, --csum and --verify: their checksum"
                    + " tables and patterns belong to one thread's file");
        }
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
                .sharedFile(sharedFile);
    }

    /** True when the job loops until {@link #runtime()} is up instead of doing one pass over {@link #size()}. */
    public boolean timeBased() {
        return !runtime.isZero();
    }

    /**
     * True when the files must hold a known pattern with known checksums before the job starts, so that checksums
     * and data can be verified; other jobs may reuse files laid out by an earlier job of the same size.
     */
    public boolean needsKnownContent() {
        return csum != CsumMode.NONE || verify;
    }

    /** Number of files the job uses: one per worker thread per mirror, or one in all with a shared file. */
    public int fileCount() {
        return sharedFile ? mirrors : numjobs * mirrors;
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

        public Builder runtime(Duration v) {
            runtime = v;
            return this;
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
                    bs,
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
                    sharedFile);
        }
    }
}
