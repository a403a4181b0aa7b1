package org.diolab.live.job;

import java.time.Duration;
import java.util.List;

/**
 * The job options of a job's {@link Cadence}: fio's {@code number_ios}, {@code thinktime}, {@code thinktime_blocks},
 * {@code exitall} and {@code exit_what}, with fio's spelling and meaning. Part of {@link JobOptions#ALL}, last.
 */
final class CadenceOptions {
    private CadenceOptions() {}

    static final List<JobOption> ENTRIES = List.of(
            JobOption.number(
                    JobOption.Type.COUNT,
                    "number_ios",
                    "",
                    "",
                    0,
                    Long.MAX_VALUE,
                    (b, v) -> b.cadence(b.cadence().withNumberIos(v)),
                    "I/Os per loop after which a job thread ends, if its size or time has not ended it"),
            JobOption.custom(
                    "thinktime",
                    "",
                    "",
                    JobOption.Type.TIME,
                    (d, k, t) -> d.job().cadence(d.job().cadence().withThink(thinktime(k, t))),
                    "stall after thinktime_blocks I/Os complete (microseconds when no unit is given)"),
            JobOption.number(
                    JobOption.Type.COUNT,
                    "thinktime_blocks",
                    "",
                    "",
                    1,
                    Integer.MAX_VALUE,
                    (b, v) -> b.cadence(b.cadence().withThinkBlocks(v.intValue())),
                    "I/Os between thinktime stalls (default 1; it caps the queue depth)"),
            JobOption.flag(
                    "exitall",
                    "",
                    "",
                    JobDraft::exitAll,
                    "when a job thread ends on its own, stop the jobs exit_what names"),
            JobOption.custom(
                    "exit_what",
                    "",
                    "",
                    JobOption.Type.TEXT,
                    CadenceOptions::exitWhat,
                    "what exitall stops: group (default), stonewall (every running job) or all (the rest of the file)"));

    /**
     * fio's {@code exit_what}: which jobs exitall stops. Without exitall (before or after it in the job), it is kept
     * and does nothing; fio reads it the same way.
     */
    private static void exitWhat(JobDraft d, String spelling, String text) {
        Cadence.Exit e = switch (text.trim().toLowerCase(java.util.Locale.ROOT)) {
            case "group" -> Cadence.Exit.GROUP;
            case "stonewall" -> Cadence.Exit.STONEWALL;
            case "all" -> Cadence.Exit.ALL;
            default -> throw new IllegalArgumentException(spelling + "=" + text + ": use group, stonewall or all");
        };
        d.exitWhat(e);
    }

    /** fio's thinktime: a time, in microseconds when the unit is omitted. */
    private static Duration thinktime(String spelling, String text) {
        String t = text.trim();
        if (t.matches("\\d+")) {
            long us = FioUnits.parseCount(spelling, t, 0, Cadence.MAX_THINK.toNanos() / 1000);
            return Duration.ofNanos(us * 1000);
        }
        return FioUnits.parseTime(spelling, t, Duration.ZERO, Cadence.MAX_THINK);
    }
}
