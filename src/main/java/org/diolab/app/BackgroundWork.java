package org.diolab.app;

import java.util.function.Consumer;

/**
 * Runs long work (exploration, live runs, export) off the FX thread. The work gets a {@link Job} to check for
 * cancellation and report progress; completion and failure callbacks run on the FX thread.
 */
public interface BackgroundWork {
    /** A running piece of work: cancel it, or ask whether it was cancelled. */
    interface Job {
        void cancel();

        boolean cancelled();
    }

    /** What the work sees: whether to stop, and where to report progress (0..1, with a message). */
    interface Context {
        boolean cancelled();

        void progress(double fraction, String message);
    }

    /** A task whose result is applied on the FX thread. */
    interface Task<T> {
        T run(Context context) throws Exception;
    }

    <T> Job submit(String name, Task<T> task, Consumer<T> done, Consumer<Throwable> failed,
                   java.util.function.BiConsumer<Double, String> progress);
}
