package org.diolab.live.run;

import java.util.Locale;
import org.diolab.live.job.FioUnits;
import org.diolab.live.job.JobSpec;
import org.diolab.live.job.LiveFailure;
import org.diolab.live.job.Pacing;
import org.diolab.live.report.DirectionStats;
import org.diolab.live.report.JobResult;

/**
 * fio's {@code ratemin}: a job whose threads moved less than the minimum per second fails. fio checks every
 * {@code ratecycle} while the job runs; DIO Lab checks the bandwidth over the whole run per thread, after it, and the
 * failure says so.
 */
final class RateCheck {
    private RateCheck() {}

    static void check(JobResult r) {
        JobSpec j = r.job();
        Pacing p = j.pacing();
        if (!p.hasMinimum()) {
            return;
        }
        below(j, "read", r.read(), p.readMin());
        below(j, "write", r.write(), p.writeMin());
    }

    private static void below(JobSpec j, String what, DirectionStats d, long min) {
        if (min <= 0 || !d.hasIo()) {
            return;
        }
        double perThread = d.bytesPerSecond() / j.numjobs();
        if (perThread < min) {
            throw new LiveFailure(String.format(
                    Locale.ROOT,
                    "job '%s' %s at %.0f bytes/s per thread, below ratemin %s/s (DIO Lab checks ratemin over the"
                            + " whole run, fio every ratecycle)",
                    j.name(),
                    what.equals("read") ? "read" : "wrote",
                    perThread,
                    FioUnits.humanBytes(min)));
        }
    }
}
