package org.diolab.lesson;

import java.time.Duration;
import java.util.List;
import org.diolab.live.job.FioUnits;
import org.diolab.live.job.JobArgs;
import org.diolab.live.job.JobSpec;
import org.diolab.live.job.LiveRefusal;
import org.diolab.live.run.MemoryBudget;

/**
 * A lesson's live job must run, and run on a student's laptop: its arguments are parsed by the live engine's own
 * job parser (so {@code --bs 3k --frobnicate} is caught when the lesson loads, not when someone presses Run), and
 * what it asks for stays within a lesson's budget of disk, memory and time.
 */
final class LiveJobCheck {
    static final long MAX_FOOTPRINT = 16L << 30;
    static final long MAX_BUFFERS = 1L << 30;
    static final Duration MAX_RUNTIME = Duration.ofMinutes(5);
    static final String HINT = "write it as 'dio-lab bench' options, e.g. [--rw, write, --bs, 64k, --size, 64m]";

    private LiveJobCheck() {}

    /** What is wrong with the job, or null. */
    static String problem(String name, List<String> args) {
        JobSpec job;
        try {
            job = JobArgs.parse(name, args);
        } catch (LiveRefusal e) {
            // JobArgs names the job itself ("job 'x': ..."): said once is enough
            String why = e.getMessage();
            String own = "job '" + name + "': ";
            return "live job '" + name + "' cannot run: " + (why.startsWith(own) ? why.substring(own.length()) : why);
        }
        if (job.footprintBytes() > MAX_FOOTPRINT) {
            return "live job '" + name + "' needs " + FioUnits.humanBytes(job.footprintBytes()) + " of disk ("
                    + job.fileCount() + " file(s) of " + FioUnits.formatSize(job.size()) + "); a lesson's job may use "
                    + FioUnits.humanBytes(MAX_FOOTPRINT);
        }
        MemoryBudget.Need need = MemoryBudget.of(job);
        if (need.nativeBytes() + need.heapBytes() > MAX_BUFFERS) {
            return "live job '" + name + "' needs " + FioUnits.humanBytes(need.nativeBytes() + need.heapBytes())
                    + " of memory for its buffers and checksums; a lesson's job may use "
                    + FioUnits.humanBytes(MAX_BUFFERS);
        }
        if (job.runtime().compareTo(MAX_RUNTIME) > 0) {
            return "live job '" + name + "' runs for " + FioUnits.formatTime(job.runtime()) + "; a lesson's job may"
                    + " run for " + FioUnits.formatTime(MAX_RUNTIME);
        }
        return null;
    }
}
