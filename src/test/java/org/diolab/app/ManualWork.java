package org.diolab.app;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import org.diolab.app.work.BackgroundTask;
import org.diolab.app.work.BackgroundWork;
import org.diolab.app.work.Job;
import org.diolab.app.work.JobState;

/**
 * Background work the test finishes by hand, in any order, by calling a task's callbacks directly: to drive view
 * models through late and stale results (the work itself never runs).
 */
final class ManualWork implements BackgroundWork {
    record Submitted(Consumer<Object> done, Consumer<Throwable> failed, BiConsumer<Double, String> progress) {}

    final List<Submitted> submitted = new ArrayList<>();

    @Override
    @SuppressWarnings("unchecked")
    public <T> Job submit(BackgroundTask<T> task) {
        submitted.add(new Submitted(
                r -> ((Consumer<Object>) (Consumer<?>) task.success()).accept(r),
                e -> task.failure().accept(e),
                task.progress()));
        long id = submitted.size();
        return new Job() {
            @Override
            public long id() {
                return id;
            }

            @Override
            public String name() {
                return task.name();
            }

            @Override
            public void cancel() {}

            @Override
            public boolean cancelRequested() {
                return false;
            }

            @Override
            public JobState state() {
                return JobState.RUNNING;
            }
        };
    }

    Submitted last() {
        return submitted.getLast();
    }
}
