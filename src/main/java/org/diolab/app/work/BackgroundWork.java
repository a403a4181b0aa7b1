package org.diolab.app.work;

/**
 * Runs long work (exploration, live runs, export) off the FX thread, in the style of JabRef's task executor.
 *
 * <p>The contract every implementation keeps:
 * <ul>
 *   <li>a submitted task gets a {@link Job} with its own id; the task's input is whatever its work captured when it
 *       was built (immutable values: a lesson, a policy, a list of job specs), never state read later;</li>
 *   <li>exactly one of {@code onSuccess}, {@code onFailure}, {@code onCancelled} is delivered, after the work has
 *       returned, on the thread that owns the screen (the FX thread, or the caller for
 *       {@code SynchronousBackgroundWork} in tests);</li>
 *   <li>once {@link Job#cancel()} was called, neither {@code onSuccess} nor {@code onFailure} is delivered, and no
 *       more progress: only {@code onCancelled}, when the work has actually stopped.</li>
 * </ul>
 *
 * <pre>{@code
 * Job job = work.submit(BackgroundTask.of("explore " + id, ctx -> Explorer.explore(sim, limits(ctx)))
 *         .onSuccess(result -> show(lesson, result))      // lesson: captured with the task, not re-read
 *         .onCancelled(() -> status.set("Cancelled.")));
 * }</pre>
 */
public interface BackgroundWork {
    <T> Job submit(BackgroundTask<T> task);
}
