package org.diolab.sys;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * One Linux native AIO context through the raw system calls (no libaio), as fio's libaio engine uses it: {@code
 * io_setup} for a context of {@code slots} I/Os, one {@code struct iocb} per slot written in place, {@code io_submit}
 * of the pointers gathered since the last submit, {@code io_getevents} into an event array, {@code io_destroy}.
 *
 * <p>The iocbs, the pointer array and the events live in one automatic arena and are reused: nothing is allocated
 * per I/O. Use an instance from one thread. RWF_* flags go in {@code aio_rw_flags} (Linux 4.13+).
 */
public final class Aio implements AutoCloseable {
    public static final int CMD_PREAD = 0;
    public static final int CMD_PWRITE = 1;
    static final int IOCB_SIZE = 64;
    static final int EVENT_SIZE = 32;

    private final long ctx;
    private final int slots;
    private final MemorySegment state;
    private final MemorySegment iocbs;
    private final MemorySegment pointers;
    private final MemorySegment events;
    private int pending;
    private boolean closed;

    private Aio(long ctx, int slots, MemorySegment state, Arena arena) {
        this.ctx = ctx;
        this.slots = slots;
        this.state = state;
        this.iocbs = arena.allocate((long) slots * IOCB_SIZE, 64);
        this.pointers = arena.allocate((long) slots * 8, 8);
        this.events = arena.allocate((long) slots * EVENT_SIZE, 8);
        iocbs.fill((byte) 0);
    }

    /**
     * A context for {@code slots} I/Os in flight; throws with the errno: ENOSYS (a kernel without AIO), EAGAIN
     * ({@code fs.aio-max-nr} used up), EINVAL.
     */
    public static Aio setup(int slots) throws ErrnoException {
        if (!LibC.available()) {
            throw new ErrnoException("io_setup", Errno.ENOSYS);
        }
        Arena arena = Arena.ofAuto();
        MemorySegment state = LibC.newCallState(arena);
        MemorySegment ctxp = arena.allocate(8, 8);
        ctxp.set(ValueLayout.JAVA_LONG, 0, 0L); // io_setup wants *ctxp == 0
        long r = LibC.call(state, LibC.Nr.IO_SETUP, slots, ctxp.address(), 0, 0);
        if (r != 0) {
            throw new ErrnoException("io_setup(" + slots + ")", (int) -r);
        }
        long ctx = ctxp.get(ValueLayout.JAVA_LONG, 0);
        try {
            return new Aio(ctx, slots, state, arena);
        } catch (RuntimeException e) {
            long ignored = LibC.call(state, LibC.Nr.IO_DESTROY, ctx, 0, 0, 0);
            throw e;
        }
    }

    public int slots() {
        return slots;
    }

    /** iocbs prepared and not yet taken by the kernel. */
    public int pending() {
        return pending;
    }

    /**
     * Writes slot {@code slot}'s iocb (a pread or pwrite of {@code length} bytes at {@code address} on {@code fd} at
     * {@code offset}, with RWF_* {@code rwFlags}; {@code data} comes back in its event) and queues it for the next
     * {@link #submit}. A slot is reused only after its event came back.
     */
    public void prep(int slot, int opcode, int fd, long address, long length, long offset, int rwFlags, long data) {
        long at = (long) slot * IOCB_SIZE;
        iocbs.set(ValueLayout.JAVA_LONG, at, data);
        iocbs.set(ValueLayout.JAVA_INT, at + 12, rwFlags);
        iocbs.set(ValueLayout.JAVA_SHORT, at + 16, (short) opcode);
        iocbs.set(ValueLayout.JAVA_INT, at + 20, fd);
        iocbs.set(ValueLayout.JAVA_LONG, at + 24, address);
        iocbs.set(ValueLayout.JAVA_LONG, at + 32, length);
        iocbs.set(ValueLayout.JAVA_LONG, at + 40, offset);
        pointers.set(ValueLayout.JAVA_LONG, 8L * pending, iocbs.address() + at);
        pending++;
    }

    /**
     * One {@code io_submit} of the queued iocbs; returns how many the kernel took (the rest stay queued, first in
     * line), or minus errno (EAGAIN: reap and submit again).
     */
    public int submit() {
        if (pending == 0) {
            return 0;
        }
        long r = LibC.call(state, LibC.Nr.IO_SUBMIT, ctx, pending, pointers.address(), 0);
        if (r > 0) {
            int left = pending - (int) r;
            if (left > 0) {
                MemorySegment.copy(pointers, 8 * r, pointers, 0, 8L * left);
            }
            pending = left;
        }
        return (int) r;
    }

    /** One {@code io_getevents}: waits for at least {@code min} completions, takes at most {@code max}. */
    public int getevents(int min, int max) {
        return (int) LibC.call(state, LibC.Nr.IO_GETEVENTS, ctx, min, Math.min(max, slots), events.address(), 0, 0);
    }

    /** The {@code data} of event {@code i} of the last {@link #getevents}. */
    public long eventData(int i) {
        return events.get(ValueLayout.JAVA_LONG, (long) i * EVENT_SIZE);
    }

    /** The {@code res} of event {@code i}: bytes moved, or minus errno. */
    public long eventResult(int i) {
        return events.get(ValueLayout.JAVA_LONG, (long) i * EVENT_SIZE + 16);
    }

    /** io_destroy: waits for what is in flight, then frees the context. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        long ignored = LibC.call(state, LibC.Nr.IO_DESTROY, ctx, 0, 0, 0);
    }
}
