package org.diolab.live.kernel.scenario;

import java.io.IOException;
import org.diolab.live.kernel.trace.Marker;
import org.diolab.sys.Threads;
import org.jspecify.annotations.Nullable;

/**
 * A racing thread of the lab's own, named {@code dio-lab-<role>} (its comm, which the trace's filters match), with
 * its trace marker: the scenario's thread hands the work to it and waits. The caller's thread cannot be renamed for
 * the kernel (the JVM leaves the name of a thread it did not start alone), and a lane keeps every racing thread the
 * same kind whether the run is traced or not.
 */
final class Lane {
    /** Work done on a lane, writing its lines to {@code marker}. */
    @FunctionalInterface
    interface Work<T> {
        T run(Marker marker) throws IOException;
    }

    private Lane() {}

    /** Runs {@code work} on a new thread {@code dio-lab-<role>} and returns what it returned (or throws what it threw). */
    static <T> T call(String role, Work<T> work) throws IOException {
        RaceTracer tracer = RaceTracer.current(); // the scoped value is this thread's: the lane gets it from here
        Result<T> r = new Result<>();
        Thread t = Threads.startDaemon("dio-lab-" + role, () -> {
            try (Marker m = tracer.marker(role)) {
                r.value = work.run(m);
            } catch (IOException | RuntimeException | Error e) {
                r.failure = e;
            }
        });
        Threads.joinUninterruptibly(t); // the work checks the run's cancel token; a join that gave up would leak it
        if (r.failure instanceof IOException e) {
            throw e;
        }
        if (r.failure instanceof RuntimeException e) {
            throw e;
        }
        if (r.failure instanceof Error e) {
            throw e;
        }
        if (r.value == null) {
            throw new IllegalStateException("the " + role + " lane returned nothing");
        }
        return r.value;
    }

    private static final class Result<T> {
        @Nullable
        T value;

        @Nullable
        Throwable failure;
    }
}
