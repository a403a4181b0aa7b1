package org.diolab.live;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.diolab.live.job.CancelToken;
import org.diolab.live.job.JobSpec;
import org.diolab.live.job.ProgressListener;
import org.diolab.live.job.RunOptions;
import org.diolab.live.report.JobResult;
import org.diolab.live.run.LiveEngine;

/** Small jobs and helpers shared by the live tests: real files, small enough for the suite to stay quick. */
public final class LiveTestSupport {
    public static final RunOptions FAST = new RunOptions(Duration.ofMillis(50));

    private LiveTestSupport() {}

    public static JobSpec.Builder small() {
        return JobSpec.builder().name("t").bs(64 << 10).size(2 << 20);
    }

    public static JobResult run(Path dir, JobSpec job) {
        return LiveEngine.run(dir, job, FAST, ProgressListener.NONE, new CancelToken());
    }

    /** Everything in {@code dir}, names only. */
    public static List<String> entries(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
