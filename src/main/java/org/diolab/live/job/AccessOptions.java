package org.diolab.live.job;

import java.util.List;

/**
 * The job options for where I/Os go, how big they are, when they are issued and what writes hold: fio's bssplit,
 * blockalign, random_distribution, rate_process, io_submit_mode, its dedupe and compression settings, and the
 * preconditioning and file-creation options refused as a device's. Part of {@link JobOptions#ALL}, after fio's basic
 * options, with fio's spelling and meaning.
 */
final class AccessOptions {
    private AccessOptions() {}

    static final List<JobOption> ENTRIES = List.of(
            JobOption.custom(
                    "bssplit",
                    "--bssplit",
                    "SPLIT",
                    JobOption.Type.TEXT,
                    (d, k, t) -> d.job().access(d.job().access().withSplit(BlockSizeSplit.parse(k, t))),
                    "weighted block sizes, e.g. 4k/60:64k/40 (reads,writes: 4k/50:8k/50,64k/100)"),
            JobOption.custom(
                            "blockalign",
                            "",
                            "",
                            JobOption.Type.SIZE,
                            (d, k, t) -> d.job()
                                    .access(d.job()
                                            .access()
                                            .withBlockAlign(FioUnits.parseSize(k, one(k, t), 1, JobSpec.MAX_SIZE))),
                            "random I/Os start at multiples of this (default: the smallest block size)")
                    .alias("ba"),
            JobOption.custom(
                    "random_distribution",
                    "--random-distribution",
                    "DIST",
                    JobOption.Type.TEXT,
                    (d, k, t) -> d.job().access(d.job().access().withDistribution(RandomDistribution.parse(k, t))),
                    "random offsets: random (default), zipf:THETA, pareto:H, normal:DEV, zoned:PCT/PCT:...,"
                            + " zoned_abs:PCT/SIZE:..."),
            JobOption.choice(
                    "rate_process",
                    "",
                    "",
                    AccessOptions::rateProcess,
                    (d, v) -> d.job().pacing(d.job().pacing().withPoisson(v)),
                    "linear (default) or poisson: gaps between rated I/Os fixed or drawn"),
            JobOption.choice(
                    "io_submit_mode",
                    "",
                    "",
                    AccessOptions::submitMode,
                    (d, v) -> d.job().pacing(d.job().pacing().withOffload(v)),
                    "inline (default) or offload: rated I/Os issued on time whatever is in flight"),
            JobOption.number(
                    JobOption.Type.COUNT,
                    "dedupe_percentage",
                    "",
                    "",
                    0,
                    100,
                    (b, v) -> b.content(b.content().withDedupe(v.intValue())),
                    "writes whose buffer repeats an earlier one"),
            JobOption.choice(
                    "dedupe_mode",
                    "",
                    "",
                    AccessOptions::dedupeMode,
                    (d, v) -> d.job().content(d.job().content().withWorkingSet(v)),
                    "repeat (default: the last unique buffer) or working_set (one of the first ones)"),
            JobOption.number(
                    JobOption.Type.COUNT,
                    "dedupe_working_set_percentage",
                    "",
                    "",
                    0,
                    100,
                    (b, v) -> b.content(b.content().withWorkingSetShare(v.intValue())),
                    "the working set's size, in percent of the file (default 5)"),
            JobOption.flag(
                    "dedupe_global",
                    "",
                    "",
                    (d, v) -> d.job().content(d.job().content().withGlobal(v)),
                    "jobs with it share one set of buffers to repeat"),
            JobOption.number(
                    JobOption.Type.COUNT,
                    "buffer_compress_percentage",
                    "",
                    "",
                    0,
                    100,
                    (b, v) -> b.content(b.content().withCompress(v.intValue())),
                    "how compressible written buffers are (the zero-filled share)"),
            JobOption.number(
                    JobOption.Type.SIZE,
                    "buffer_compress_chunk",
                    "",
                    "",
                    1,
                    JobSpec.MAX_BS,
                    (b, v) -> b.content(b.content().withChunk(v)),
                    "the random/zero split repeats every this many bytes (default 512)"),
            // fio's SPRandom writes a device's whole physical capacity so its flash reaches the steady state of
            // random writes (spr_op: the vendor's over-provisioning): a device's preconditioning, not file I/O
            JobOption.custom(
                    "sprandom",
                    "",
                    "",
                    JobOption.Type.FLAG,
                    (d, k, t) -> {
                        if (JobOption.bit(k, t)) {
                            throw new IllegalArgumentException("sprandom=1 preconditions an SSD (it writes the"
                                    + " device's whole flash, over-provisioning included); DIO Lab runs on files it"
                                    + " creates, not on a device: precondition the device with fio itself");
                        }
                    },
                    "SSD preconditioning (refused: a device's, not a file's)"));

    /** A per-direction option given one value for both (fio's {@code ba=4k}, or {@code 4k,4k}). */
    private static String one(String spelling, String text) {
        String[] parts = text.split(",", -1);
        for (String p : parts) {
            if (!p.isBlank() && !p.trim().equals(parts[0].trim())) {
                throw new IllegalArgumentException(
                        spelling + "=" + text + ": DIO Lab takes one value for reads and writes");
            }
        }
        return parts[0].trim();
    }

    private static boolean dedupeMode(String text) {
        return switch (text.trim().toLowerCase(java.util.Locale.ROOT)) {
            case "repeat" -> false;
            case "working_set" -> true;
            default -> throw new IllegalArgumentException("'" + text + "' is not repeat or working_set");
        };
    }

    private static boolean rateProcess(String text) {
        return switch (text.trim().toLowerCase(java.util.Locale.ROOT)) {
            case "linear" -> false;
            case "poisson" -> true;
            default -> throw new IllegalArgumentException("'" + text + "' is not linear or poisson");
        };
    }

    private static boolean submitMode(String text) {
        return switch (text.trim().toLowerCase(java.util.Locale.ROOT)) {
            case "inline" -> false;
            case "offload" -> true;
            default -> throw new IllegalArgumentException("'" + text + "' is not inline or offload");
        };
    }
}
