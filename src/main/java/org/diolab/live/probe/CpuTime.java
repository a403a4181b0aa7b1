package org.diolab.live.probe;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.diolab.sys.LibC;

/**
 * CPU time spent in user and kernel mode, from {@code getrusage(2)}: of this whole process (every thread: workers,
 * JIT compiler, GC), or of its finished children (fio, after it has been waited for). Differences of two readings
 * give the CPU a run cost, which is how DIO Lab and fio are compared per GiB moved.
 */
public record CpuTime(long userNanos, long systemNanos) {
    private static final int RUSAGE_SELF = 0;
    private static final int RUSAGE_CHILDREN = -1;
    /** struct rusage: ru_utime and ru_stime are the first two struct timevals (two longs each), then 14 longs. */
    private static final int RUSAGE_BYTES = 144;

    public static final CpuTime ZERO = new CpuTime(0, 0);

    /** This process so far. */
    public static CpuTime self() {
        return read(RUSAGE_SELF);
    }

    /** This process's children that have ended and been waited for, so far. */
    public static CpuTime children() {
        return read(RUSAGE_CHILDREN);
    }

    private static CpuTime read(int who) {
        if (!LibC.available()) {
            return ZERO;
        }
        try (Arena a = Arena.ofConfined()) {
            MemorySegment ru = a.allocate(RUSAGE_BYTES, 8);
            long r = LibC.call(LibC.newCallState(a), LibC.Nr.GETRUSAGE, who, ru.address(), 0, 0);
            if (r != 0) {
                return ZERO;
            }
            return new CpuTime(timeval(ru, 0), timeval(ru, 16));
        }
    }

    private static long timeval(MemorySegment ru, long at) {
        return ru.get(ValueLayout.JAVA_LONG, at) * 1_000_000_000L + ru.get(ValueLayout.JAVA_LONG, at + 8) * 1_000L;
    }

    public CpuTime minus(CpuTime earlier) {
        return new CpuTime(userNanos - earlier.userNanos, systemNanos - earlier.systemNanos);
    }

    public long totalNanos() {
        return userNanos + systemNanos;
    }

    /** CPU seconds per GiB moved, or 0 when nothing moved. */
    public double secondsPerGiB(long bytes) {
        return bytes == 0 ? 0 : totalNanos() / 1e9 / (bytes / (double) (1L << 30));
    }
}
