package org.diolab.sys;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;

/**
 * One io_uring instance through the raw system calls, as fio's own engine drives it (no liburing): {@code
 * io_uring_setup} with the flags fio asks for (single issuer, deferred task work, cooperative task run, a CQ twice
 * the SQ), the submission ring, the completion ring and the SQE array mapped with {@code mmap}, {@code
 * io_uring_enter} to submit and wait in one call, and {@code io_uring_register} for fixed buffers.
 *
 * <p>Memory ordering is the ring protocol's: an SQE and its array slot are written with plain stores, then the SQ
 * tail is published with a release store, so the kernel that reads the tail with acquire sees the SQE; the CQ tail
 * is read with acquire before the CQEs below it, and the CQ head is advanced with a release store after they have
 * been read, so the kernel does not reuse a CQE still being read.
 *
 * <p>With deferred task work the ring belongs to the thread that created it: create it on the thread that will
 * submit, and use it from there only (which also keeps its errno slot single-threaded). Nothing here allocates after
 * {@link #setup}.
 */
public final class IoUring implements AutoCloseable {
    public static final int OP_READ_FIXED = 4;
    public static final int OP_WRITE_FIXED = 5;
    public static final int OP_READ = 22;
    public static final int OP_WRITE = 23;

    static final int SETUP_CQSIZE = 1 << 3;
    static final int SETUP_COOP_TASKRUN = 1 << 8;
    static final int SETUP_SINGLE_ISSUER = 1 << 12;
    static final int SETUP_DEFER_TASKRUN = 1 << 13;
    static final int FEAT_SINGLE_MMAP = 1;
    static final int ENTER_GETEVENTS = 1;
    static final int REGISTER_BUFFERS = 0;
    static final long OFF_SQ_RING = 0L;
    static final long OFF_CQ_RING = 0x8000000L;
    static final long OFF_SQES = 0x10000000L;
    static final int SQE_SIZE = 64;
    static final int CQE_SIZE = 16;
    static final int PARAMS_SIZE = 120;

    private static final VarHandle INT = ValueLayout.JAVA_INT.varHandle();

    private final int fd;
    private final int setupFlags;
    private final MemorySegment state;
    private final MemorySegment sqRing;
    private final MemorySegment cqRing;
    private final MemorySegment sqes;
    private final long sqTailOff;
    private final int sqMask;
    private final int sqEntries;
    private final long cqHeadOff;
    private final long cqTailOff;
    private final int cqMask;
    private final long cqesOff;
    private final long[] unmap; // address, length pairs
    private int sqTail; // our copy of the SQ tail; the ring's is published by enter()
    private int pending; // SQEs written, not yet taken by the kernel
    private int cqHead; // our copy of the CQ head
    private boolean closed;

    private IoUring(int fd, int flags, MemorySegment params, MemorySegment state, long[] maps) {
        this.fd = fd;
        this.setupFlags = flags;
        this.state = state;
        this.unmap = maps;
        this.sqEntries = params.get(ValueLayout.JAVA_INT, 0);
        int cqEntries = params.get(ValueLayout.JAVA_INT, 4);
        this.sqRing = MemorySegment.ofAddress(maps[0]).reinterpret(maps[1]);
        this.cqRing = maps.length == 6 ? MemorySegment.ofAddress(maps[2]).reinterpret(maps[3]) : sqRing;
        this.sqes = MemorySegment.ofAddress(maps[maps.length - 2]).reinterpret((long) sqEntries * SQE_SIZE);
        this.sqTailOff = params.get(ValueLayout.JAVA_INT, 44);
        this.sqMask = sqRing.get(ValueLayout.JAVA_INT, params.get(ValueLayout.JAVA_INT, 48));
        long sqArray = params.get(ValueLayout.JAVA_INT, 64);
        this.cqHeadOff = params.get(ValueLayout.JAVA_INT, 80);
        this.cqTailOff = params.get(ValueLayout.JAVA_INT, 84);
        this.cqMask = cqRing.get(ValueLayout.JAVA_INT, params.get(ValueLayout.JAVA_INT, 88));
        this.cqesOff = params.get(ValueLayout.JAVA_INT, 100);
        if (cqMask + 1 < cqEntries) {
            throw new IllegalStateException("io_uring CQ mask " + cqMask + " below its " + cqEntries + " entries");
        }
        // SQE i always sits in array slot i: the array is written once, and an SQE's slot is its tail position.
        for (int i = 0; i < sqEntries; i++) {
            sqRing.set(ValueLayout.JAVA_INT, sqArray + 4L * i, i);
        }
        sqes.fill((byte) 0); // fields DIO Lab never sets (ioprio, personality, addr3 ...) stay zero for good
        this.sqTail = (int) INT.getAcquire(sqRing, sqTailOff);
        this.cqHead = (int) INT.getAcquire(cqRing, cqHeadOff);
    }

    /**
     * Creates a ring with at least {@code entries} submission slots (the kernel rounds up to a power of two) and a
     * completion ring twice as large, with fio's flags, each dropped when the kernel refuses it (EINVAL) as fio
     * does. Throws with the errno: ENOSYS (no io_uring in this kernel), EPERM (disabled by
     * {@code kernel.io_uring_disabled}), ENOMEM.
     */
    public static IoUring setup(int entries) throws ErrnoException {
        if (!LibC.available()) {
            throw new ErrnoException("io_uring_setup", Errno.ENOSYS);
        }
        Arena arena = Arena.ofAuto();
        MemorySegment state = LibC.newCallState(arena);
        MemorySegment params = arena.allocate(PARAMS_SIZE, 8);
        int flags = SETUP_CQSIZE | SETUP_COOP_TASKRUN | SETUP_SINGLE_ISSUER | SETUP_DEFER_TASKRUN;
        long fd;
        while (true) {
            params.fill((byte) 0);
            params.set(ValueLayout.JAVA_INT, 4, 2 * entries); // cq_entries, with IORING_SETUP_CQSIZE
            params.set(ValueLayout.JAVA_INT, 8, flags);
            fd = LibC.call(state, LibC.Nr.IO_URING_SETUP, entries, params.address(), 0, 0);
            if (fd != -Errno.EINVAL) {
                break;
            }
            if ((flags & SETUP_DEFER_TASKRUN) != 0) {
                flags &= ~(SETUP_DEFER_TASKRUN | SETUP_SINGLE_ISSUER);
            } else if ((flags & SETUP_COOP_TASKRUN) != 0) {
                flags &= ~SETUP_COOP_TASKRUN;
            } else if ((flags & SETUP_CQSIZE) != 0) {
                flags &= ~SETUP_CQSIZE;
            } else {
                break;
            }
        }
        if (fd < 0) {
            throw new ErrnoException("io_uring_setup", (int) -fd);
        }
        try {
            return new IoUring((int) fd, flags, params, state, map((int) fd, params, state));
        } catch (ErrnoException | RuntimeException e) {
            LibC.close((int) fd);
            throw e;
        }
    }

    /** The rings' mappings as (address, length) pairs: SQ ring [, CQ ring], SQEs. */
    private static long[] map(int fd, MemorySegment params, MemorySegment state) throws ErrnoException {
        long sqEntries = params.get(ValueLayout.JAVA_INT, 0);
        long cqEntries = params.get(ValueLayout.JAVA_INT, 4);
        int features = params.get(ValueLayout.JAVA_INT, 20);
        long sqSize = params.get(ValueLayout.JAVA_INT, 64) + sqEntries * 4;
        long cqSize = params.get(ValueLayout.JAVA_INT, 100) + cqEntries * CQE_SIZE;
        boolean single = (features & FEAT_SINGLE_MMAP) != 0;
        long[] maps = new long[single ? 4 : 6];
        int n = 0;
        try {
            long ring = single ? Math.max(sqSize, cqSize) : sqSize;
            maps[n++] = mmap(fd, ring, OFF_SQ_RING, state);
            maps[n++] = ring;
            if (!single) {
                maps[n++] = mmap(fd, cqSize, OFF_CQ_RING, state);
                maps[n++] = cqSize;
            }
            maps[n++] = mmap(fd, sqEntries * SQE_SIZE, OFF_SQES, state);
            maps[n++] = sqEntries * SQE_SIZE;
            return maps;
        } catch (ErrnoException e) {
            for (int i = 0; i + 1 < n; i += 2) {
                long ignored = LibC.call(state, LibC.Nr.MUNMAP, maps[i], maps[i + 1], 0, 0);
            }
            throw e;
        }
    }

    private static long mmap(int fd, long length, long offset, MemorySegment state) throws ErrnoException {
        long a = LibC.call(
                state,
                LibC.Nr.MMAP,
                0,
                length,
                LibC.PROT_READ | LibC.PROT_WRITE,
                LibC.MAP_SHARED | LibC.MAP_POPULATE,
                fd,
                offset);
        if (a < 0 && a > -4096) {
            throw new ErrnoException("mmap of the io_uring rings", (int) -a);
        }
        return a;
    }

    /** Submission slots (a power of two, at least what {@link #setup} asked for). */
    public int sqEntries() {
        return sqEntries;
    }

    /** Whether the kernel took deferred task work (completions are posted only when this thread enters). */
    public boolean deferredTaskRun() {
        return (setupFlags & SETUP_DEFER_TASKRUN) != 0;
    }

    /** SQEs written with {@link #prep} and not yet taken by the kernel. */
    public int pending() {
        return pending;
    }

    /**
     * Writes the next SQE: a read or write ({@code op}) of {@code length} bytes at {@code address} on {@code fd} at
     * {@code offset}, with RWF_* {@code rwFlags}, fixed buffer {@code bufIndex} (for the _FIXED ops), and
     * {@code userData} returned in its completion. Published by the next {@link #enter}. The caller keeps no more
     * than {@link #sqEntries()} I/Os in flight.
     */
    public void prep(int op, int fd, long address, int length, long offset, int rwFlags, int bufIndex, long userData) {
        long at = (long) (sqTail & sqMask) * SQE_SIZE;
        sqes.set(ValueLayout.JAVA_BYTE, at, (byte) op);
        sqes.set(ValueLayout.JAVA_INT, at + 4, fd);
        sqes.set(ValueLayout.JAVA_LONG, at + 8, offset);
        sqes.set(ValueLayout.JAVA_LONG, at + 16, address);
        sqes.set(ValueLayout.JAVA_INT, at + 24, length);
        sqes.set(ValueLayout.JAVA_INT, at + 28, rwFlags);
        sqes.set(ValueLayout.JAVA_LONG, at + 32, userData);
        sqes.set(ValueLayout.JAVA_SHORT, at + 40, (short) bufIndex);
        sqTail++;
        pending++;
    }

    /**
     * Publishes the SQEs written since the last call (release store of the SQ tail) and makes one
     * {@code io_uring_enter}: submits them and, with {@code minComplete > 0}, waits until that many completions are
     * in the CQ ring (and runs the deferred completions either way). Returns how many SQEs the kernel took, or minus
     * errno (EINTR, EAGAIN, EBUSY: reap and call again).
     */
    public int enter(int minComplete) {
        INT.setRelease(sqRing, sqTailOff, sqTail);
        long r = LibC.call(state, LibC.Nr.IO_URING_ENTER, fd, pending, minComplete, ENTER_GETEVENTS, 0, 0);
        if (r > 0) {
            pending -= (int) r;
        }
        return (int) r;
    }

    /** Completions in the CQ ring not yet consumed (acquire load of the CQ tail). */
    public int ready() {
        return (int) INT.getAcquire(cqRing, cqTailOff) - cqHead;
    }

    /** The {@code user_data} of the {@code i}-th unconsumed completion. */
    public long userData(int i) {
        return cqRing.get(ValueLayout.JAVA_LONG, cqe(i));
    }

    /** The {@code res} of the {@code i}-th unconsumed completion: bytes moved, or minus errno. */
    public int result(int i) {
        return cqRing.get(ValueLayout.JAVA_INT, cqe(i) + 8);
    }

    private long cqesOffset(int index) {
        return cqesOff + (long) (index & cqMask) * CQE_SIZE;
    }

    private long cqe(int i) {
        return cqesOffset(cqHead + i);
    }

    /** Gives the first {@code n} unconsumed CQEs back to the kernel (release store of the CQ head). */
    public void consume(int n) {
        cqHead += n;
        INT.setRelease(cqRing, cqHeadOff, cqHead);
    }

    /**
     * Registers {@code buffers} as fixed buffers 0..n-1 (fio's {@code fixedbufs}): the kernel pins and maps them
     * once, so an I/O on them skips the per-I/O page pinning. 0, or the errno.
     */
    public int registerBuffers(MemorySegment[] buffers) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment iov = a.allocate(16L * buffers.length, 8);
            for (int i = 0; i < buffers.length; i++) {
                iov.set(ValueLayout.JAVA_LONG, 16L * i, buffers[i].address());
                iov.set(ValueLayout.JAVA_LONG, 16L * i + 8, buffers[i].byteSize());
            }
            long r = LibC.call(state, LibC.Nr.IO_URING_REGISTER, fd, REGISTER_BUFFERS, iov.address(), buffers.length);
            return r == 0 ? 0 : (int) -r;
        }
    }

    /** Unmaps the rings and closes the ring (the kernel cancels what is still in flight and unpins buffers). */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        for (int i = 0; i + 1 < unmap.length; i += 2) {
            long ignored = LibC.call(state, LibC.Nr.MUNMAP, unmap[i], unmap[i + 1], 0, 0);
        }
        LibC.close(fd);
    }
}
