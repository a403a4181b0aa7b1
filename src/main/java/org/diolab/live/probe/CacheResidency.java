package org.diolab.live.probe;

/**
 * How many of a job's file pages sit in the page cache after the run: the observable difference between buffered
 * I/O (everything stays), direct I/O (nothing enters) and DONTCACHE (pages enter and leave again).
 *
 * @param method {@code cachestat} (Linux 6.5+), {@code mincore} (on a read-only mapping), or {@code unavailable}
 */
public record CacheResidency(long cachedPages, long totalPages, String method) {
    public static CacheResidency unavailable(long totalPages) {
        return new CacheResidency(-1, totalPages, "unavailable");
    }

    public boolean known() {
        return cachedPages >= 0;
    }

    /** Sum of two files' residencies; unknown stays unknown. */
    public CacheResidency plus(CacheResidency o) {
        if (!known() || !o.known()) {
            return unavailable(totalPages + o.totalPages);
        }
        return new CacheResidency(cachedPages + o.cachedPages, totalPages + o.totalPages, method);
    }

    /** Fraction of pages cached, or NaN when unknown. */
    public double fraction() {
        return known() && totalPages > 0 ? (double) cachedPages / totalPages : Double.NaN;
    }
}
