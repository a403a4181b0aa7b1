package org.diolab.app.work;

/** For tests: runs each task at once on the caller's thread and delivers its outcome before {@code submit} returns. */
public final class SynchronousBackgroundWork implements BackgroundWork {
    private long ids;

    @Override
    public <T> Job submit(BackgroundTask<T> task) {
        JobRun<T> run = new JobRun<>(++ids, task, Runnable::run);
        run.run();
        return run;
    }
}
