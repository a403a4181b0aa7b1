package org.diolab.app.work;

import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import javafx.application.Platform;

/** {@link BackgroundWork} on daemon threads, delivering outcomes and progress with {@code Platform.runLater}. */
public final class FxBackgroundWork implements BackgroundWork {
    private final AtomicLong ids = new AtomicLong();
    private final Executor ui;
    private final ExecutorService pool = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "dio-lab-work");
        t.setDaemon(true);
        return t;
    });

    public FxBackgroundWork() {
        this(Platform::runLater);
    }

    /** With another thread standing in for the FX thread (tests of the delivery rules). */
    FxBackgroundWork(Executor ui) {
        this.ui = ui;
    }

    @Override
    public <T> Job submit(BackgroundTask<T> task) {
        JobRun<T> run = new JobRun<>(ids.incrementAndGet(), task, ui);
        pool.execute(run::run);
        return run;
    }
}
