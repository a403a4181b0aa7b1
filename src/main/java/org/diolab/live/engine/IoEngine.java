package org.diolab.live.engine;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import org.diolab.live.job.EngineSpec;
import org.diolab.sys.Fd;

/**
 * An I/O engine, as fio's engines/ define one ({@code struct ioengine_ops}): four operations a worker's loop drives
 * the same way whatever the engine.
 * <ul>
 *   <li>{@link #queue}: takes one I/O; a synchronous engine does it there and then and says it is done, an
 *       asynchronous one writes its SQE or iocb and leaves it queued;</li>
 *   <li>{@link #commit}: hands what is queued to the kernel in one call ({@code io_submit}, {@code io_uring_enter});</li>
 *   <li>{@link #getevents}: commits what is still queued and waits for at least {@code min} completions, taking at
 *       most {@code max} (io_uring submits and waits in the same {@code io_uring_enter});</li>
 *   <li>{@link #event}: the {@code i}-th of them, its result set.</li>
 * </ul>
 * An engine is used by the one thread that opened it, and never allocates on these paths.
 */
public sealed interface IoEngine extends AutoCloseable permits SyncEngine, LibaioEngine, IoUringEngine {
    /** Takes {@code u}; true when it is already done (its result set), false when queued. */
    boolean queue(IoUnit u);

    /** Hands the queued I/Os to the kernel. */
    void commit() throws IOException;

    /** Commits, then waits for at least {@code min} completions and takes at most {@code max}; how many it took. */
    int getevents(int min, int max) throws IOException;

    /** Completion {@code i} of the last {@link #getevents}. */
    IoUnit event(int i);

    /** fio's name for the engine. */
    String name();

    /** Stops the helpers and frees the kernel's context; the caller has reaped everything it queued. */
    @Override
    void close();

    /**
     * Opens the engine {@code spec} names on the calling thread, for {@code units} (every I/O the thread may have in
     * flight) on {@code files}; {@code buffers} are the memory those I/Os use, registered once when
     * {@link EngineSpec#fixedBufs()} (unit {@code u}'s buffer is {@code buffers[u.bufIndex]}).
     */
    static IoEngine open(EngineSpec spec, Fd[] files, IoUnit[] units, MemorySegment[] buffers, String name)
            throws IOException {
        return switch (spec.engine()) {
            case PSYNC -> new SyncEngine(files, false, name);
            case PVSYNC2 -> new SyncEngine(files, true, name);
            case LIBAIO -> LibaioEngine.open(files, units);
            case IO_URING -> IoUringEngine.open(files, units, spec.fixedBufs() ? buffers : null);
        };
    }
}
