package org.diolab.app.work;

import java.util.ArrayList;
import java.util.List;

/**
 * For tests: holds submitted tasks until the test runs them, in any order, on its own thread — so a test can let an
 * old job finish after a new one started, exactly the order that shows stale results.
 */
public final class ManualBackgroundWork implements BackgroundWork {
    private final List<JobRun<?>> queued = new ArrayList<>();
    private long ids;

    @Override
    public <T> Job submit(BackgroundTask<T> task) {
        JobRun<T> run = new JobRun<>(++ids, task, Runnable::run);
        queued.add(run);
        return run;
    }

    /** Jobs submitted and not yet run, oldest first. */
    public List<Job> queued() {
        return List.copyOf(queued);
    }

    /** Runs {@code job}'s work now and delivers its outcome. */
    public void run(Job job) {
        JobRun<?> run = queued.stream()
                .filter(j -> j == job)
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException(job + " is not queued"));
        queued.remove(run);
        run.run();
    }

    /** Runs every queued job, oldest first. */
    public void runAll() {
        while (!queued.isEmpty()) {
            run(queued.getFirst());
        }
    }
}
