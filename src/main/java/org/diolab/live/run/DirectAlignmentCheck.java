package org.diolab.live.run;

import java.nio.file.Path;
import org.diolab.live.job.FioUnits;
import org.diolab.live.job.JobSpec;
import org.diolab.live.job.LiveRefusal;
import org.diolab.sys.DirectIoAlignment;

/**
 * A direct job against what its files allow: every I/O size (bs, each bssplit size) and the random offsets' unit
 * (blockalign) must be a multiple of the file's direct-I/O offset alignment, so every offset is too. fio leaves this
 * to the kernel (EINVAL on the first I/O); DIO Lab says it before the run, naming the file's alignment and where it
 * came from. A job's buffers sit {@code bs} apart, so bs must also suit the buffer alignment.
 */
final class DirectAlignmentCheck {
    private DirectAlignmentCheck() {}

    static void check(JobSpec job, DirectIoAlignment a, Path dir) {
        int unit = a.offset();
        if (job.bs() % unit != 0) {
            throw refusal("bs " + FioUnits.formatSize(job.bs()), a, dir);
        }
        for (long s : job.access().split().sizes()) {
            if (s % unit != 0) {
                throw refusal("bssplit size " + FioUnits.formatSize(s), a, dir);
            }
        }
        if (job.bs() % a.memory() != 0) { // a job's buffers are bs apart in one mapping
            throw LiveRefusal.badOption("bs " + FioUnits.formatSize(job.bs()) + " is not a multiple of " + a.memory()
                    + ", the direct-I/O buffer alignment of files in " + dir + " (" + a.source() + "); use multiples"
                    + " of " + a.memory());
        }
        long align = job.access().blockAlign();
        if (align > 0 && align % unit != 0) {
            throw refusal("blockalign " + FioUnits.formatSize(align), a, dir);
        }
    }

    private static LiveRefusal refusal(String what, DirectIoAlignment a, Path dir) {
        return LiveRefusal.badOption(what + " is not a multiple of " + a.offset() + ", the direct-I/O alignment of"
                + " files in " + dir + " (" + a.source() + "); use multiples of " + a.offset());
    }
}
