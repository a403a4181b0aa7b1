package org.diolab.live.kernel.trace.meaning;

/**
 * How often a race showed in one run: {@code races} of {@code calls} (false EIOs of reads, EAGAINs of NOWAIT reads,
 * differing blocks of writes) in {@code nanos} of racing.
 */
public record RaceRate(long races, long calls, long nanos) {
    public static final RaceRate NONE = new RaceRate(0, 0, 0);

    public RaceRate {
        if (races < 0 || calls < 0 || nanos < 0 || races > calls) {
            throw new IllegalArgumentException("bad race rate: " + races + " of " + calls + " in " + nanos + " ns");
        }
    }

    public double perSecond() {
        return nanos == 0 ? 0 : races / (nanos / 1e9);
    }

    /** Races per call, 0..1. */
    public double fraction() {
        return calls == 0 ? 0 : (double) races / calls;
    }

    public double callsPerSecond() {
        return nanos == 0 ? 0 : calls / (nanos / 1e9);
    }

    public RaceRate plus(RaceRate o) {
        return new RaceRate(races + o.races, calls + o.calls, nanos + o.nanos);
    }
}
