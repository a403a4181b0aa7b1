package org.diolab.live.kernel.seed;

import java.time.Duration;
import java.util.Locale;
import org.diolab.live.job.Engine;
import org.diolab.live.job.FioUnits;
import org.diolab.live.job.JobSpec;
import org.diolab.live.job.Mode;
import org.diolab.live.job.RwPattern;

/**
 * The seeds' workloads as live jobs, scaled: {@code size} per file instead of the seeds' 4, 7 or 20 GiB, time-based
 * for {@code runtime} instead of 60 s, 600 s or one pass.
 */
final class SeedJobs {
    private SeedJobs() {}

    /** S000: {@code fio --ioengine=libaio --rw=randread --bs=64k --iodepth=64 --direct=1 --time_based}. */
    static JobSpec s000(String name, long size, Duration runtime) {
        return base(name, size, runtime)
                .rw(RwPattern.RANDREAD)
                .bs(64L << 10)
                .engine(Engine.LIBAIO)
                .iodepth(64)
                .build();
    }

    /** S003 and S004: {@code dd bs=1M oflag=direct}: sequential 1 MiB O_DIRECT writes, one at a time. */
    static JobSpec write1m(String name, long size, Duration runtime) {
        return base(name, size, runtime).rw(RwPattern.WRITE).bs(1L << 20).build();
    }

    /** S002: {@code fio -direct=1 -iodepth=1 -thread -rw=randrw -ioengine=psync -bs=BS -numjobs=8}, one file. */
    static JobSpec s002(String name, long bs, long size, Duration runtime) {
        return base(name, size, runtime)
                .rw(RwPattern.RANDRW)
                .bs(bs)
                .numjobs(8)
                .sharedFile(true)
                .build();
    }

    private static JobSpec.Builder base(String name, long size, Duration runtime) {
        return JobSpec.builder()
                .name(name)
                .size(size)
                .runtime(runtime)
                .timeBased(true)
                .mode(Mode.DIRECT);
    }

    /** "libaio randread bs=64k iodepth=64 numjobs=1, O_DIRECT, one file per job" for the report. */
    static String describe(JobSpec j) {
        return String.format(
                Locale.ROOT,
                "%s %s bs=%s iodepth=%d numjobs=%d, %s, %s, %s each, %.1f s",
                j.engine().engine().fioName(),
                j.rw().fioName(),
                FioUnits.formatSize(j.bs()),
                j.engine().iodepth(),
                j.numjobs(),
                j.mode() == Mode.DIRECT ? "O_DIRECT" : j.mode().cliName(),
                j.oneFile() ? "one shared file" : "a file per job",
                FioUnits.formatSize(j.size()),
                j.runtime().toMillis() / 1000.0);
    }
}
