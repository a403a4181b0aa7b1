package org.diolab.live.job;

import java.time.Duration;
import java.util.Objects;

/**
 * How a job spaces and ends its I/O outside rates and time: fio's {@code number_ios} (the job thread stops after
 * this many I/Os per loop, if its size or time does not end it first; 0: no such limit) and fio's {@code thinktime}
 * with {@code thinktime_blocks} (after every {@code thinkBlocks} I/Os have completed, the thread stalls for {@code
 * think}, as an application doing work on the data; with the queue drained first, as fio quiesces, so a thinktime
 * job never has more than {@code thinkBlocks} I/Os in flight); and fio's {@code exitall} with {@code exit_what}:
 * when a job thread ends on its own (its size, number_ios or runtime), it stops the threads of its reporting group
 * ({@code group}, the default: jobs up to the next {@code new_group} or {@code stonewall}), of every job running
 * ({@code stonewall}: the file goes on with its next group) or of the whole file ({@code all}: no later group runs).
 *
 * @param numberIos   I/Os per loop after which the job thread ends (fio's number_ios; 0: none)
 * @param think       the stall after {@code thinkBlocks} completed I/Os (fio's thinktime; zero: none)
 * @param thinkBlocks I/Os between stalls (fio's thinktime_blocks, default 1)
 * @param exit        what a thread's own end stops (fio's exitall and exit_what; NONE without exitall)
 * @param reportGroup the job's reporting group in its file (fio's groupid: a new_group or stonewall starts one)
 */
public record Cadence(long numberIos, Duration think, int thinkBlocks, Exit exit, int reportGroup) {
    /** What a job thread's own end stops: fio's exitall (off, or on with exit_what group, stonewall or all). */
    public enum Exit {
        NONE,
        GROUP,
        STONEWALL,
        ALL
    }

    /** Longest thinktime: one hour (fio takes more; a longer stall is surely a typo). */
    public static final Duration MAX_THINK = Duration.ofHours(1);
    // after MAX_THINK: the constructor reads it
    public static final Cadence NONE = new Cadence(0, Duration.ZERO, 1);

    /** No exitall, reporting group 0. */
    public Cadence(long numberIos, Duration think, int thinkBlocks) {
        this(numberIos, think, thinkBlocks, Exit.NONE, 0);
    }

    public Cadence {
        Objects.requireNonNull(think, "think");
        Objects.requireNonNull(exit, "exit");
        if (numberIos < 0) {
            throw LiveRefusal.badOption("number_ios " + numberIos + " is negative; use 0 for no limit");
        }
        if (think.isNegative() || think.compareTo(MAX_THINK) > 0) {
            throw LiveRefusal.badOption("thinktime " + think.toNanos() / 1000 + " us is out of range; use 0 to "
                    + MAX_THINK.toNanos() / 1000 + " us");
        }
        if (thinkBlocks < 1) {
            throw LiveRefusal.badOption("thinktime_blocks " + thinkBlocks + " is out of range; use 1 or more");
        }
    }

    /** fio's number_ios over {@code loops} passes (it counts per loop): the I/Os a thread issues at most. */
    public long ioLimit(int loops) {
        if (numberIos == 0 || Math.multiplyHigh(numberIos, loops) != 0 || numberIos * loops < 0) {
            return Long.MAX_VALUE;
        }
        return numberIos * loops;
    }

    /** True when the job stalls between I/Os. */
    public boolean thinks() {
        return !think.isZero();
    }

    public Cadence withNumberIos(long n) {
        return new Cadence(n, think, thinkBlocks, exit, reportGroup);
    }

    public Cadence withThink(Duration t) {
        return new Cadence(numberIos, t, thinkBlocks, exit, reportGroup);
    }

    public Cadence withThinkBlocks(int b) {
        return new Cadence(numberIos, think, b, exit, reportGroup);
    }

    public Cadence withExit(Exit e) {
        return new Cadence(numberIos, think, thinkBlocks, e, reportGroup);
    }

    public Cadence withReportGroup(int g) {
        return new Cadence(numberIos, think, thinkBlocks, exit, g);
    }
}
