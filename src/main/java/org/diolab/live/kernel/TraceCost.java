package org.diolab.live.kernel;

import java.util.List;
import java.util.Locale;
import org.diolab.live.kernel.scenario.RaceTracer;
import org.diolab.live.kernel.trace.RaceMeasure;
import org.diolab.live.kernel.trace.meaning.RaceRate;

/**
 * What tracing cost the race, from the scenario's untraced run and its traced run, back to back: the race's rate
 * (false EIOs, EAGAINs per second) and share of calls, the calls per second, and how fast the scribbler rewrote the
 * buffer (the race's other side), over the loops the plan counts ({@link RaceMeasure}). One pair of runs on whatever
 * else the machine does: the documentation gives the command for alternating pairs on a quiet machine.
 */
public record TraceCost(
        RaceMeasure measure,
        RaceRate untraced,
        RaceRate traced,
        long untracedPasses,
        long untracedPassNanos,
        long tracedPasses,
        long tracedPassNanos) {

    static TraceCost of(RaceMeasure m, RaceTracer untraced, RaceTracer traced) {
        long[] u = untraced.passes();
        long[] t = traced.passes();
        return new TraceCost(m, rate(m, untraced.loops()), rate(m, traced.loops()), u[0], u[1], t[0], t[1]);
    }

    private static RaceRate rate(RaceMeasure m, List<RaceTracer.Loop> loops) {
        RaceRate r = RaceRate.NONE;
        for (RaceTracer.Loop l : loops) {
            if (m.counts(l.file(), l.scribbled(), l.nowait())) {
                long races = switch (m.shows()) {
                    case EIO -> l.eio();
                    case EAGAIN -> l.eagain();
                    case NOTHING -> 0;
                };
                r = r.plus(new RaceRate(races, l.calls(), l.nanos()));
            }
        }
        return r;
    }

    /** True when there was something to compare (the plan counts loops, and both runs made some). */
    public boolean measured() {
        return measure.loops() != RaceMeasure.Loops.NONE && untraced.calls() > 0 && traced.calls() > 0;
    }

    /** Traced over untraced: races per second, or calls per second where a call cannot show the race; NaN if none. */
    public double ratio() {
        if (measure.shows() == RaceMeasure.Shows.NOTHING) {
            return untraced.callsPerSecond() == 0 ? Double.NaN : traced.callsPerSecond() / untraced.callsPerSecond();
        }
        return untraced.perSecond() == 0 ? Double.NaN : traced.perSecond() / untraced.perSecond();
    }

    public double untracedRewritesPerSecond() {
        return untracedPassNanos == 0 ? 0 : untracedPasses / (untracedPassNanos / 1e9);
    }

    public double tracedRewritesPerSecond() {
        return tracedPassNanos == 0 ? 0 : tracedPasses / (tracedPassNanos / 1e9);
    }

    /** One line for the report. */
    public String describe() {
        if (measure.loops() == RaceMeasure.Loops.NONE) {
            return "not measured: the scenario races on threads of its own (ext4-convoy: the live engine's workers;"
                    + " buffered-divergence: its writer, flusher and sampler), not the lab's I/O loops the rate is"
                    + " counted on; compare its numbers with and without --trace";
        }
        if (!measured()) {
            return "not measured: a run made none of the calls the race is counted on";
        }
        double r = ratio();
        String rewrites = untracedPasses == 0 && tracedPasses == 0
                ? ""
                : String.format(
                        Locale.ROOT,
                        "; buffer rewrites %,.0f → %,.0f/s",
                        untracedRewritesPerSecond(),
                        tracedRewritesPerSecond());
        String ratio = Double.isNaN(r) ? "no race untraced" : String.format(Locale.ROOT, "×%.2f", r);
        if (measure.shows() == RaceMeasure.Shows.NOTHING) {
            return String.format(
                            Locale.ROOT,
                            "calls untraced %,.0f/s, traced %,.0f/s (%s)",
                            untraced.callsPerSecond(),
                            traced.callsPerSecond(),
                            ratio)
                    + rewrites + "; one run each, back to back";
        }
        return String.format(
                        Locale.ROOT,
                        "%s rate untraced %.1f/s, traced %.1f/s (%s); %.2f%% → %.2f%% of calls; %,.0f → %,.0f"
                                + " calls/s",
                        measure.shows() == RaceMeasure.Shows.EIO ? "false-EIO" : "EAGAIN",
                        untraced.perSecond(),
                        traced.perSecond(),
                        ratio,
                        100 * untraced.fraction(),
                        100 * traced.fraction(),
                        untraced.callsPerSecond(),
                        traced.callsPerSecond())
                + rewrites + "; one run each, back to back";
    }
}
