package org.diolab.live.job;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * THE table of job options: every option a job can be given, once, with its job-file key, bench's spelling, its
 * type and range, and its help. {@code dio-lab bench} builds its job options from it, {@link FioJobFile} reads job
 * files with it, {@link JobArgs} reads lessons' live jobs with it, and the "not supported" messages list it. Adding an
 * option is adding its entry here (and, for a new property of a job, its {@link JobSpec} field).
 *
 * <p>fio's own keys keep fio's meaning and defaults ({@code direct=0} is buffered, {@code uncached=1} is DONTCACHE,
 * {@code runtime} needs {@code time_based}, {@code iomem=malloc} is 4 KiB pages); entries marked
 * {@link JobOption#dioLabOnly()} are DIO Lab's additions.
 */
public final class JobOptions {
    /** fio's basic options in bench's help order; job-file-only keys (no bench spelling) beside their options. */
    private static final List<JobOption> BASE = List.of(
            JobOption.custom(
                            "name",
                            "--name",
                            "NAME",
                            JobOption.Type.TEXT,
                            (d, k, t) -> d.job().name(t),
                            "job name (default: dio-lab)")
                    .ignoredInFiles(),
            JobOption.custom(
                            "rw",
                            "--rw",
                            "RW",
                            JobOption.Type.CHOICE,
                            JobOptions::rw,
                            "read, write, randread, randwrite, randrw, rw (sequential mixed) (default read)")
                    .alias("readwrite"),
            JobOption.number(
                    JobOption.Type.COUNT,
                    "rwmixread",
                    "--rwmixread",
                    "PCT",
                    0,
                    100,
                    (b, v) -> b.rwmixread(v.intValue()),
                    "percentage of reads in randrw (default 50)"),
            JobOption.number(
                    JobOption.Type.COUNT,
                    "rwmixwrite",
                    "",
                    "",
                    0,
                    100,
                    (b, v) -> b.rwmixread(100 - v.intValue()),
                    "percentage of writes"),
            JobOption.number(
                            JobOption.Type.SIZE,
                            "bs",
                            "--bs",
                            "SIZE",
                            1,
                            JobSpec.MAX_BS,
                            JobSpec.Builder::bs,
                            "block size per I/O, e.g. 4k, 64k, 1m (default 4k)")
                    .alias("blocksize"),
            JobOption.number(
                    JobOption.Type.SIZE,
                    "size",
                    "--size",
                    "SIZE",
                    1,
                    JobSpec.MAX_SIZE,
                    JobSpec.Builder::size,
                    "file size per job thread (default 64m)"),
            JobOption.time(
                            "runtime",
                            "--runtime",
                            "TIME",
                            JobSpec.MAX_RUNTIME,
                            JobDraft::runtime,
                            "run for this long, looping over the file (time based), e.g. 10s, 500ms")
                    .alias("timeout"),
            JobOption.flag(
                    "time_based",
                    "",
                    "",
                    JobDraft.setter(JobDraft.Bit.TIME_BASED),
                    "loop over the file until runtime is up (a job file's runtime needs it)"),
            JobOption.number(
                    JobOption.Type.COUNT,
                    "numjobs",
                    "--numjobs",
                    "N",
                    1,
                    JobSpec.MAX_NUMJOBS,
                    (b, v) -> b.numjobs(v.intValue()),
                    "threads, each with its own file unless --shared-file (default 1)"),
            JobOption.choice(
                    "ioengine",
                    "--ioengine",
                    "ENGINE",
                    Engine::parse,
                    (d, v) -> d.job().engine(v),
                    "psync (default), pvsync2, libaio or io_uring"),
            JobOption.number(
                    JobOption.Type.COUNT,
                    "iodepth",
                    "--iodepth",
                    "N",
                    1,
                    EngineSpec.MAX_DEPTH,
                    (b, v) -> b.iodepth(v.intValue()),
                    "I/Os in flight per thread with libaio and io_uring (default 1)"),
            JobOption.number(
                            JobOption.Type.COUNT,
                            "iodepth_batch",
                            "--iodepth-batch",
                            "N",
                            0,
                            EngineSpec.MAX_DEPTH,
                            (b, v) -> b.iodepthBatchSubmit(v.intValue()),
                            "queued I/Os handed to the kernel in one call (default 1; 0: iodepth)")
                    .alias("iodepth_batch_submit"),
            JobOption.number(
                            JobOption.Type.COUNT,
                            "iodepth_batch_complete_min",
                            "--iodepth-batch-complete-min",
                            "N",
                            0,
                            EngineSpec.MAX_DEPTH,
                            (b, v) -> b.iodepthBatchCompleteMin(v.intValue()),
                            "completions to wait for when the queue is full (default 1)")
                    .alias("iodepth_batch_complete"),
            JobOption.number(
                    JobOption.Type.COUNT,
                    "iodepth_batch_complete_max",
                    "--iodepth-batch-complete-max",
                    "N",
                    0,
                    EngineSpec.MAX_DEPTH,
                    (b, v) -> b.iodepthBatchCompleteMax(v.intValue()),
                    "completions to take at most per call (default 0: as many as the minimum)"),
            JobOption.flag(
                    "fixedbufs",
                    "--fixedbufs",
                    "",
                    (d, v) -> d.job().fixedBufs(v),
                    "io_uring: register the buffers once (IORING_REGISTER_BUFFERS) and use the _FIXED ops"),
            JobOption.choice(
                            "mode",
                            "--mode",
                            "MODE",
                            Mode::parse,
                            JobDraft::mode,
                            "buffered, direct, bounce, dontcache (default direct)")
                    .dioLabOnly(),
            JobOption.flag("direct", "", "", JobDraft::direct, "1: O_DIRECT; 0 (fio's default): buffered"),
            JobOption.flag("buffered", "", "", (d, v) -> d.direct(!v), "the opposite of direct"),
            JobOption.flag(
                    "uncached", "", "", JobDraft.setter(JobDraft.Bit.UNCACHED), "1: buffered with RWF_DONTCACHE"),
            JobOption.choice(
                            "csum",
                            "--csum",
                            "WHEN",
                            CsumMode::parse,
                            (d, v) -> d.job().csum(v),
                            "CRC32C per 4 KiB block: none, sync, async")
                    .dioLabOnly(),
            JobOption.choice(
                            "csum_impl",
                            "--csum-impl",
                            "IMPL",
                            CsumImpl::parse,
                            (d, v) -> d.job().csumImpl(v),
                            "hw (CPU instructions) or sw (table)")
                    .dioLabOnly(),
            JobOption.number(
                            JobOption.Type.COUNT,
                            "mirrors",
                            "--mirrors",
                            "N",
                            1,
                            JobSpec.MAX_MIRRORS,
                            (b, v) -> b.mirrors(v.intValue()),
                            "RAID1: write every block to N files at once")
                    .dioLabOnly(),
            JobOption.number(
                            JobOption.Type.COUNT,
                            "mutators",
                            "--mutators",
                            "N",
                            0,
                            JobSpec.MAX_MUTATORS,
                            (b, v) -> b.mutators(v.intValue()),
                            "threads storing into the buffers during I/O")
                    .dioLabOnly(),
            JobOption.flag(
                            "shared_file",
                            "--shared-file",
                            "",
                            (d, v) -> d.job().sharedFile(v),
                            "all --numjobs threads on one file (fio's jobs sharing one filename): they meet at one"
                                    + " inode and its locks")
                    .dioLabOnly(),
            JobOption.flag(
                    "nowait",
                    "--nowait",
                    "",
                    (d, v) -> d.job().nowait(v),
                    "RWF_NOWAIT; EAGAIN is counted and the I/O reissued"),
            JobOption.custom(
                    "verify",
                    "--verify",
                    "",
                    JobOption.Type.FLAG,
                    // fio names the checksum to verify with (verify=crc32c): anything but 0 or none turns it on
                    (d, k, t) -> d.verify(t),
                    "check every block read and written against its pattern"),
            JobOption.flag(
                    "end_fsync",
                    "--end-fsync",
                    "",
                    (d, v) -> d.job().endFsync(v),
                    "fdatasync the files at the end, inside the measured time"),
            JobOption.number(
                    JobOption.Type.COUNT,
                    "randseed",
                    "--randseed",
                    "N",
                    0,
                    Long.MAX_VALUE,
                    JobSpec.Builder::randseed,
                    "seed for offsets, mix and data"),
            // fio's randrepeat=1 (its default) is what DIO Lab always does; randrepeat=0 draws a seed for this run,
            // which a randseed= after it replaces, as fio's randseed takes over from randrepeat.
            JobOption.flag(
                    "randrepeat",
                    "",
                    "",
                    (d, v) -> {
                        if (!v) {
                            d.job().randseed(new java.security.SecureRandom().nextLong() & Long.MAX_VALUE);
                        }
                    },
                    "1 (default): the same offsets every run; 0: a new seed each run"),
            // fio's gtod_reduce only cuts fio's own clock calls (and with them its latency figures); DIO Lab takes
            // one clock reading per I/O either way, so the I/O it issues is the same.
            JobOption.custom("gtod_reduce", "", "", JobOption.Type.FLAG, (d, k, t) -> JobOption.bit(k, t), "")
                    .ignoredInFiles(),
            JobOption.choice(
                            "iomem",
                            "--iomem",
                            "MEM",
                            BufferMemory::parse,
                            (d, v) -> d.job().iomem(v),
                            "buffer pages: thp (transparent huge pages; default), hugetlb (the hugetlb pool, like"
                                    + " fio's mmaphuge) or pages (4 KiB, like fio's malloc)")
                    .alias("mem"),
            JobOption.flag(
                    "invalidate",
                    "--invalidate",
                    "0|1",
                    (d, v) -> d.job().invalidate(v),
                    "1 (default): drop the files' cached pages before the job, like fio; 0: start from a warm page"
                            + " cache"),
            JobOption.custom(
                            "filename",
                            "",
                            "",
                            JobOption.Type.TEXT,
                            (d, k, t) -> d.job().filename(JobFileName.check(k, t, d.has(JobDraft.Bit.PLACE_IN_DIR))),
                            "the one file the job's threads share (and other jobs naming it), inside --dir")
                    .alias("filename_format"),
            JobOption.custom(
                    "allow_file_create",
                    "",
                    "",
                    JobOption.Type.FLAG,
                    (d, k, t) -> {
                        if (!JobOption.bit(k, t)) {
                            throw new IllegalArgumentException("allow_file_create=0 runs only on files or devices"
                                    + " that exist already (fio's xnvme and device examples give one with"
                                    + " --filename); DIO Lab lays out its own files in --dir: drop the line");
                        }
                    },
                    "1 (default): the job's files are created"),
            JobOption.custom(
                    "filesize",
                    "",
                    "",
                    JobOption.Type.SIZE,
                    (d, k, t) -> d.job().size(FioUnits.parseSize(k, t, 1, JobSpec.MAX_SIZE)),
                    "the file's size (DIO Lab's size: one file per job thread, or the shared one)"),
            JobOption.custom(
                    "bsrange",
                    "",
                    "",
                    JobOption.Type.SIZE,
                    JobOptions::bsrange,
                    "a block-size range; DIO Lab takes one whose two ends are equal (4k-4k)"),
            JobOption.flag(
                    "norandommap",
                    "",
                    "",
                    (d, v) -> d.job().randomMap(!v),
                    "random offsets drawn afresh each time, not every block once per pass"),
            JobOption.number(
                    JobOption.Type.COUNT,
                    "loops",
                    "",
                    "",
                    1,
                    Integer.MAX_VALUE,
                    (b, v) -> b.loops(v.intValue()),
                    "passes over the file of a job that is not time based"),
            JobOption.custom("rate", "", "", JobOption.Type.SIZE, JobOptions::rate, "bytes per second, at most"),
            JobOption.custom("rate_iops", "", "", JobOption.Type.COUNT, JobOptions::rate, "I/Os per second, at most"),
            JobOption.custom("ratemin", "", "", JobOption.Type.SIZE, JobOptions::rate, "bytes per second, at least")
                    .alias("rate_min"),
            // read by FioJobFile for its plan of concurrent and serial jobs
            JobOption.flag(
                            "stonewall",
                            "",
                            "",
                            JobDraft.setter(JobDraft.Bit.STONEWALL),
                            "wait for the jobs before to end")
                    .alias("wait_for_previous"),
            JobOption.time(
                    "startdelay",
                    "",
                    "",
                    JobSpec.MAX_RUNTIME,
                    JobDraft::startDelay,
                    "start this long after the other jobs of its group"),
            JobOption.flag(
                    "new_group",
                    "",
                    "",
                    JobDraft.setter(JobDraft.Bit.NEW_GROUP),
                    "start a new reporting group: the jobs an exitall of kind group stops"),
            // for the whole file, read by FioJobFile itself; bench's --dir on the command line
            JobOption.custom("directory", "", "", JobOption.Type.TEXT, (d, k, t) -> {}, "the scratch directory"),
            JobOption.custom("group_reporting", "", "", JobOption.Type.FLAG, (d, k, t) -> {}, "")
                    .ignoredInFiles(),
            JobOption.custom("thread", "", "", JobOption.Type.FLAG, (d, k, t) -> {}, "")
                    .alias("threads")
                    .ignoredInFiles(),
            JobOption.custom("description", "", "", JobOption.Type.TEXT, (d, k, t) -> {}, "")
                    .ignoredInFiles());

    /** Every option: fio's basic ones, then the access-pattern and buffer-content ones ({@link AccessOptions}). */
    public static final List<JobOption> ALL = java.util.stream.Stream.concat(
                    java.util.stream.Stream.concat(
                            java.util.stream.Stream.concat(BASE.stream(), AccessOptions.ENTRIES.stream()),
                            SharingOptions.ENTRIES.stream()),
                    java.util.stream.Stream.concat(CadenceOptions.ENTRIES.stream(), VerifyOptions.ENTRIES.stream()))
            .toList();

    private JobOptions() {}

    /** fio's {@code rw=PATTERN[:SKIP]}: the pattern, and bytes skipped after each sequential I/O. */
    private static void rw(JobDraft d, String spelling, String text) {
        int colon = text.indexOf(':');
        d.job().rw(RwPattern.parse(colon < 0 ? text : text.substring(0, colon)));
        if (colon >= 0) {
            String skip = text.substring(colon + 1).trim();
            boolean back = skip.startsWith("-");
            long bytes = FioUnits.parseSize(spelling, back ? skip.substring(1) : skip, 0, JobSpec.MAX_SIZE);
            d.job().skip(back ? -bytes : bytes);
        }
    }

    /** fio's {@code bsrange=MIN-MAX}: one block size when both ends are the same. */
    private static void bsrange(JobDraft d, String spelling, String text) {
        String[] ends = text.split("-", -1);
        long lo = FioUnits.parseSize(spelling, ends[0], 1, JobSpec.MAX_BS);
        long hi = ends.length == 2 ? FioUnits.parseSize(spelling, ends[1], 1, JobSpec.MAX_BS) : lo;
        if (ends.length > 2 || lo != hi) {
            throw new IllegalArgumentException(spelling + "=" + text + ": DIO Lab runs one block size per job;"
                    + " give bs= or a range with equal ends");
        }
        d.job().bs(lo);
    }

    /** fio's rate options: {@code R} for both directions, or {@code R,W} (an empty side: no limit). */
    private static void rate(JobDraft d, String spelling, String text) {
        String[] rw = text.split(",", -1);
        if (rw.length > 3) {
            throw new IllegalArgumentException(spelling + "=" + text + ": give one value, or one for reads, one"
                    + " for writes and one for trims");
        }
        if (rw.length == 3 && !rw[2].isBlank()) {
            rateValue(spelling, rw[2], spelling.equals("rate_iops")); // trims' limit: checked; DIO Lab runs no trims
        }
        boolean iops = spelling.equals("rate_iops");
        long r = rw[0].isBlank() ? 0 : rateValue(spelling, rw[0], iops);
        long w = rw.length == 1 ? r : rw[1].isBlank() ? 0 : rateValue(spelling, rw[1], iops);
        Pacing p = d.job().pacing();
        d.job()
                .pacing(
                        switch (spelling) {
                            case "rate_iops" -> p.withIops(r, w);
                            case "ratemin", "rate_min" -> p.withMinimum(r, w);
                            default -> p.withRate(r, w);
                        });
    }

    private static long rateValue(String spelling, String text, boolean iops) {
        return iops
                ? FioUnits.parseCount(spelling, text, 0, Long.MAX_VALUE)
                : FioUnits.parseSize(spelling, text, 0, Long.MAX_VALUE);
    }

    /** The option a job file's key (lower case, '-' as '_') names, if any. */
    public static Optional<JobOption> byKey(String key) {
        return ALL.stream().filter(o -> o.hasKey(key)).findFirst();
    }

    /** The option bench spells {@code spelling} ({@code --bs}), if any. */
    public static Optional<JobOption> byCli(String spelling) {
        return ALL.stream()
                .filter(o -> o.onCommandLine() && o.cli().equals(spelling))
                .findFirst();
    }

    /** bench's job options, in help order. */
    public static List<JobOption> commandLine() {
        return ALL.stream().filter(JobOption::onCommandLine).toList();
    }

    /** "rw, rwmixread, ...": the keys a job file acts on, for "not supported" messages. */
    static String fileKeys() {
        return ALL.stream()
                .filter(o -> o.inFiles() == JobOption.InFiles.APPLY)
                .map(JobOption::key)
                .collect(Collectors.joining(", "));
    }

    /** "--rw, --rwmixread, ...": bench's job options, for "not supported" messages. */
    static String cliSpellings() {
        return commandLine().stream().map(JobOption::cli).collect(Collectors.joining(", "));
    }

    /**
     * The job bench's command line gives: each option with its text as given ({@code "64k"}; a flag's "true"), the
     * others at their defaults. As on bench's command line, the mode is direct unless given, and a runtime makes
     * the job time based. Throws {@link LiveRefusal} saying what is wrong, with the option's spelling.
     */
    public static JobSpec fromCommandLine(Map<JobOption, String> given) {
        return build(apply(given));
    }

    /** Sets every given option, in table order, on a new draft. */
    static JobDraft apply(Map<JobOption, String> given) {
        JobDraft d = new JobDraft();
        for (JobOption o : ALL) {
            String text = given.get(o);
            if (text != null) {
                try {
                    o.set().set(d, o.cli(), text);
                } catch (IllegalArgumentException e) {
                    throw LiveRefusal.badOption(o.cli() + ": " + e.getMessage());
                }
            }
        }
        return d;
    }

    /** The draft as a job with bench's defaults: direct unless a mode was given; a runtime is time based. */
    static JobSpec build(JobDraft d) {
        if (d.mode() != null) {
            d.job().mode(d.mode());
        }
        if (d.runtime() != null) {
            d.job().runtime(d.runtime());
        }
        return d.job().build();
    }
}
