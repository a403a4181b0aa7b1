package org.diolab.live.run;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import org.diolab.live.job.JobSpec;
import org.diolab.live.job.LiveRefusal;
import org.diolab.live.job.Mode;
import org.diolab.live.scratch.ScratchDir;
import org.diolab.sys.LibC;

/**
 * Finds out, before a job starts, whether the kernel and filesystem take the RWF_* flags it needs: one block is
 * written and read with exactly the job's flags on a probe file. EOPNOTSUPP becomes a refusal that says what is
 * missing; EAGAIN from NOWAIT is fine (it is what NOWAIT is for).
 */
final class FlagProbe {
    private FlagProbe() {}

    static void check(ScratchDir scratch, JobSpec job) throws IOException {
        if (job.mode() != Mode.DONTCACHE && !job.nowait()) {
            return;
        }
        if (!LibC.available()) {
            throw refusal(job, "this C library has no preadv2/pwritev2 (glibc 2.26 or newer has them)");
        }
        Path probe = scratch.file("flags");
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment block = arena.allocate(scratch.alignment(), scratch.alignment());
            try (IoTarget plain = IoTarget.open(probe, Mode.BUFFERED, false)) {
                plain.write(block, 0);
                plain.sync();
            }
            try (IoTarget t = IoTarget.open(probe, job.mode(), job.nowait())) {
                if (job.rw().writes()) {
                    t.write(block, 0);
                }
                if (job.rw().reads()) {
                    t.read(block, 0);
                }
            } catch (UnsupportedFlagException e) {
                throw refusal(job, e.getMessage());
            }
        } finally {
            scratch.delete(probe);
        }
    }

    private static LiveRefusal refusal(JobSpec job, String detail) {
        String fix;
        if (job.mode() == Mode.DONTCACHE && !job.nowait()) {
            fix = "RWF_DONTCACHE needs Linux 6.14 or newer and a filesystem that supports it (ext4, xfs, btrfs);"
                    + " use --mode buffered or --mode direct here";
        } else if (job.mode() == Mode.BUFFERED || job.mode() == Mode.DONTCACHE) {
            fix = "RWF_NOWAIT is not supported for " + job.mode().cliName() + " "
                    + (job.rw().writes() ? "writes" : "reads")
                    + " on this filesystem; drop --nowait or use --mode direct";
        } else {
            fix = "RWF_NOWAIT is not supported for direct I/O here; drop --nowait";
        }
        return new LiveRefusal(LiveRefusal.Reason.UNSUPPORTED_FLAG, fix + " (the kernel answered: " + detail + ")");
    }
}
