package org.diolab.app;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import javafx.application.Platform;

/** {@link BackgroundWork} on daemon threads, delivering results and progress with {@code Platform.runLater}. */
public final class FxBackgroundWork implements BackgroundWork {
    private final ExecutorService pool = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "dio-lab-work");
        t.setDaemon(true);
        return t;
    });

    @Override
    public <T> Job submit(String name, Task<T> task, Consumer<T> done, Consumer<Throwable> failed,
                          BiConsumer<Double, String> progress) {
        AtomicBoolean cancelled = new AtomicBoolean();
        Job job = new Job() {
            @Override
            public void cancel() {
                cancelled.set(true);
            }

            @Override
            public boolean cancelled() {
                return cancelled.get();
            }
        };
        Context context = new Context() {
            @Override
            public boolean cancelled() {
                return cancelled.get();
            }

            @Override
            public void progress(double fraction, String message) {
                Platform.runLater(() -> progress.accept(fraction, message));
            }
        };
        pool.submit(() -> {
            try {
                T result = task.run(context);
                Platform.runLater(() -> done.accept(result));
            } catch (Throwable t) {
                Platform.runLater(() -> failed.accept(t));
            }
        });
        return job;
    }
}
