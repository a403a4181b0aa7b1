package org.diolab.app.work;

import java.util.Objects;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * A piece of work and what to do with its outcome. Immutable: each {@code onXxx} returns a new task. The work should
 * capture its input when the task is built (final locals of immutable types), and so should the callbacks: they are
 * then bound to the job they belong to, whatever the screen shows by the time they run.
 *
 * @param <T> the work's result
 */
public record BackgroundTask<T>(
        String name,
        Work<T> work,
        Consumer<? super T> success,
        Consumer<? super Throwable> failure,
        Runnable cancelled,
        BiConsumer<Double, String> progress) {
    /** The work itself, run off the screen's thread. */
    @FunctionalInterface
    public interface Work<T> {
        T run(TaskContext context) throws Exception;
    }

    public BackgroundTask {
        Objects.requireNonNull(name);
        Objects.requireNonNull(work);
        Objects.requireNonNull(success);
        Objects.requireNonNull(failure);
        Objects.requireNonNull(cancelled);
        Objects.requireNonNull(progress);
    }

    /** A task whose outcome is ignored until callbacks are added. */
    public static <T> BackgroundTask<T> of(String name, Work<T> work) {
        return new BackgroundTask<>(name, work, r -> {}, e -> {}, () -> {}, (f, m) -> {});
    }

    public BackgroundTask<T> onSuccess(Consumer<? super T> c) {
        return new BackgroundTask<>(name, work, c, failure, cancelled, progress);
    }

    public BackgroundTask<T> onFailure(Consumer<? super Throwable> c) {
        return new BackgroundTask<>(name, work, success, c, cancelled, progress);
    }

    public BackgroundTask<T> onCancelled(Runnable c) {
        return new BackgroundTask<>(name, work, success, failure, c, progress);
    }

    public BackgroundTask<T> onProgress(BiConsumer<Double, String> c) {
        return new BackgroundTask<>(name, work, success, failure, cancelled, c);
    }
}
