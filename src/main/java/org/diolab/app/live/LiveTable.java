package org.diolab.app.live;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.diolab.lesson.LiveExperiment;
import org.diolab.live.job.FioUnits;
import org.diolab.live.probe.Environment;
import org.diolab.live.report.JobResult;
import org.diolab.live.report.RaceCounters;

/**
 * Turns the runs of a lesson's live experiment into the Live tab's rows and notes: medians and spreads, ratios to
 * the baseline job, and each job judged against what the lesson expects of it. Pure: tested without JavaFX.
 */
final class LiveTable {
    private LiveTable() {}

    static List<LiveRow> rows(LiveExperiment x, List<LiveJobRuns> jobs) {
        LiveExperiment.LiveJob baselineJob = x.baselineJob();
        LiveJobRuns baseline = find(jobs, baselineJob == null ? null : baselineJob.name());
        double base = baseline == null ? 0 : baseline.mibPerSecond().median();
        List<LiveRow> out = new ArrayList<>();
        for (LiveJobRuns j : jobs) {
            if (j.runs().isEmpty()) {
                continue;
            }
            LiveExperiment.Expectation e = j.job().expect();
            LiveJobRuns other = e == null || e.than() == null ? baseline : find(jobs, e.than());
            RaceCounters worst = j.worstRaces();
            JobResult first = j.runs().getFirst();
            boolean checks = worst.mirrorBlocksCompared() > 0
                    || worst.csumBlocksCheckedOnDisk() > 0
                    || worst.csumBlocksCheckedOnRead() > 0
                    || worst.verifyBlocks() > 0;
            out.add(new LiveRow(
                    j.job().name(),
                    j.spec().mode().cliName(),
                    FioUnits.formatSize(j.spec().bs()),
                    j.mibPerSecond(),
                    base == 0 ? 0 : j.mibPerSecond().median() / base,
                    j == baseline,
                    j.iops().median(),
                    j.p99Micros().median(),
                    worst.mirrorBlocksDiffering(),
                    worst.csumMismatchesOnDisk()
                            + worst.csumMismatchesOnRead()
                            + (j.dataErrorsCount() ? worst.verifyErrors() : 0),
                    worst.eagains(),
                    checks ? j.runsWithViolations() + "/" + j.runs().size() : "",
                    LiveVerdict.judge(j, other),
                    sizeNote(j),
                    machine(first.machine())));
        }
        return List.copyOf(out);
    }

    /** What the user should read below the table: every result that is not simply as expected, and why. */
    static List<String> notes(List<LiveRow> rows) {
        List<String> out = new ArrayList<>();
        for (LiveRow r : rows) {
            LiveVerdict.Kind k = r.verdict().kind();
            if (k == LiveVerdict.Kind.CONTRADICTS || k == LiveVerdict.Kind.WITHIN_NOISE) {
                out.add(k.label() + " — " + r.job() + ": " + r.verdict().detail());
            }
        }
        for (LiveRow r : rows) {
            if (!r.sizeNote().isEmpty()) {
                out.add("small — " + r.job() + ": " + r.sizeNote());
            }
        }
        return List.copyOf(out);
    }

    private static String sizeNote(LiveJobRuns j) {
        if (!j.small()) {
            return "";
        }
        return String.format(
                Locale.ROOT,
                "%s of files, %.1f s per run: small enough for the device's (or VM host's)"
                        + " cache to serve, so its bandwidth says little; it is here for its checks",
                FioUnits.humanBytes(j.spec().footprintBytes()),
                j.seconds());
    }

    private static LiveJobRuns find(List<LiveJobRuns> jobs, String name) {
        for (LiveJobRuns j : jobs) {
            if (j.job().name().equals(name)) {
                return j;
            }
        }
        return null;
    }

    static String machine(Environment e) {
        String fs = e.filesystem() == null ? "?" : e.filesystem().type();
        return e.cpuModel() + ", " + e.logicalCpus() + " CPUs, Linux " + e.kernel() + ", " + fs
                + (e.crcAccelerated() ? ", CRC32C in hardware" : ", no CRC32C instructions") + ", " + e.jdk();
    }
}
