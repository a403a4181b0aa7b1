package org.diolab.live.kernel.trace.meaning;

import java.util.List;

/**
 * The race with and without tracing, so the report shows what recording it changed. Runs are made in alternating
 * pairs (untraced, traced, traced, untraced, ...) so a drift of the machine's load falls on both sides alike.
 *
 * <pre>{@code
 * ObserverEffect e = ObserverEffect.measure(3, () -> race(false), () -> race(true));
 * e.describe(); // "tracing: 512.0 → 388.4 races/s (×0.76); 17.5% → 15.1% of calls; 5,800 → 4,910 calls/s"
 * }</pre>
 */
public record ObserverEffect(RaceRate untraced, RaceRate traced, int pairs) {
    /** One run of the race, traced or not. */
    @FunctionalInterface
    public interface Run {
        RaceRate run() throws Exception;
    }

    /** {@code pairs} pairs, the order flipped every pair; the rates summed over each side. */
    public static ObserverEffect measure(int pairs, Run untraced, Run traced) throws Exception {
        if (pairs < 1) {
            throw new IllegalArgumentException("at least one pair");
        }
        RaceRate u = RaceRate.NONE;
        RaceRate t = RaceRate.NONE;
        for (int i = 0; i < pairs; i++) {
            if (i % 2 == 0) {
                u = u.plus(untraced.run());
                t = t.plus(traced.run());
            } else {
                t = t.plus(traced.run());
                u = u.plus(untraced.run());
            }
        }
        return new ObserverEffect(u, t, pairs);
    }

    /** From runs already made, each side summed. */
    public static ObserverEffect of(List<RaceRate> untraced, List<RaceRate> traced) {
        RaceRate u = untraced.stream().reduce(RaceRate.NONE, RaceRate::plus);
        RaceRate t = traced.stream().reduce(RaceRate.NONE, RaceRate::plus);
        return new ObserverEffect(u, t, Math.min(untraced.size(), traced.size()));
    }

    /** Traced races per second over untraced; NaN when the race never showed untraced. */
    public double ratio() {
        return untraced.perSecond() == 0 ? Double.NaN : traced.perSecond() / untraced.perSecond();
    }

    public String describe() {
        double r = ratio();
        return String.format(
                "race rate untraced %.1f/s, traced %.1f/s (%s); %.2f%% → %.2f%% of calls; %,.0f → %,.0f calls/s;"
                        + " %d pair(s) of runs",
                untraced.perSecond(),
                traced.perSecond(),
                Double.isNaN(r) ? "no race untraced" : String.format("×%.2f", r),
                100 * untraced.fraction(),
                100 * traced.fraction(),
                untraced.callsPerSecond(),
                traced.callsPerSecond(),
                pairs);
    }
}
