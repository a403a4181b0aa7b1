package org.diolab.live.probe;

import java.util.function.IntPredicate;
import java.util.function.LongSupplier;

/**
 * This JVM's heap, as the explorer's memory limit sees it: "nearly full" once the live data (what is left after a
 * garbage collection) passes a share of the maximum heap, so a search that would not fit ends with "exceeded" instead
 * of an OutOfMemoryError. The engine reads no gauge itself (it stays pure); the CLI and the app pass this one in.
 *
 * <p>Cheap when there is room: it looks at the used heap, and only when that passes the share does it ask for a
 * collection, to tell garbage from live data; it asks again only after the heap has grown further.
 *
 * <pre>{@code
 * ExploreLimits limits = ExploreLimits.maxStates(HeapGauge.jvm().stateBudget()).withMemoryGauge(HeapGauge.jvm());
 * }</pre>
 */
public final class HeapGauge implements IntPredicate {
    /** The share of the maximum heap the explorer may fill with live data. */
    public static final double SHARE = 0.75;
    /**
     * Bytes the explorer may hold per state: bench/explore-scale.sh measures 155-220 B of live heap per state on the
     * raid1 scale scenarios; 700 B leaves room for the frontier, array growth and the rest of the application.
     */
    public static final long BYTES_PER_STATE = 700;

    private final long max;
    private final LongSupplier used;
    private final Runnable collect;
    private long liveAfterLastCollection;

    /** A gauge of {@code max} bytes, reading the used bytes from {@code used} and collecting garbage with {@code collect}. */
    public HeapGauge(long max, LongSupplier used, Runnable collect) {
        if (max <= 0) {
            throw new IllegalArgumentException("max must be positive");
        }
        this.max = max;
        this.used = used;
        this.collect = collect;
    }

    /** This JVM's heap (-Xmx). */
    public static HeapGauge jvm() {
        Runtime rt = Runtime.getRuntime();
        return new HeapGauge(rt.maxMemory(), () -> rt.totalMemory() - rt.freeMemory(), System::gc);
    }

    /** The default state budget: as many states as the share of the heap holds. */
    public int stateBudget() {
        return (int) Math.min(Integer.MAX_VALUE - 8, (long) (max * SHARE) / BYTES_PER_STATE);
    }

    public long maxBytes() {
        return max;
    }

    /** True when the live heap has passed the share: stop now. */
    @Override
    public boolean test(int states) {
        long limit = (long) (max * SHARE);
        long now = used.getAsLong();
        if (now < limit) {
            return false;
        }
        if (now < liveAfterLastCollection + max / 20) {
            return liveAfterLastCollection >= limit; // hardly grown since the last look: same verdict
        }
        collect.run();
        liveAfterLastCollection = used.getAsLong();
        return liveAfterLastCollection >= limit;
    }
}
