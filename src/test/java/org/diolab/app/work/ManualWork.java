package org.diolab.app.work;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * Background work the test finishes by hand, in any order, by calling a task's callbacks directly: to drive view
 * models through late and stale results (the work itself never runs).
 */
public final class ManualWork implements BackgroundWork {
    public record Submitted(Consumer<Object> done, Consumer<Throwable> failed, BiConsumer<Double, String> progress) {}

    public final List<Submitted> submitted = new ArrayList<>();

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

    public Submitted last() {
        return submitted.getLast();
    }
}
