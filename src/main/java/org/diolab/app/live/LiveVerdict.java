package org.diolab.app.live;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.diolab.lesson.LiveExperiment;
import org.diolab.live.report.Spread;

/**
 * Whether a job's live result shows what the lesson expects of it, and when it does not, the likely cause: a live
 * number that contradicts the lesson is flagged, never presented silently.
 *
 * @param detail one or two sentences: what was expected and why, what was measured, the likely cause
 */
public record LiveVerdict(Kind kind, String detail) {
    /** From best to worst; a job with several expectations gets the worst. */
    public enum Kind {
        NO_EXPECTATION("—"),
        AS_EXPECTED("✓ as expected"),
        WITHIN_NOISE("≈ within noise"),
        CONTRADICTS("✗ contradicts");

        private final String label;

        Kind(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    /** Differences within this fraction count as "similar". */
    static final double SIMILAR = 0.10;

    public static LiveVerdict none() {
        return new LiveVerdict(Kind.NO_EXPECTATION, "");
    }

    /**
     * Judges {@code job} against its expectation; {@code other} is the job its bandwidth is compared with (the
     * expectation's {@code than}, or the experiment's baseline), or null.
     */
    static LiveVerdict judge(LiveJobRuns job, LiveJobRuns other) {
        LiveExperiment.Expectation e = job.job().expect();
        if (e == null) {
            return none();
        }
        List<LiveVerdict> parts = new ArrayList<>();
        if (e.races() != null) {
            parts.add(races(job, e));
        }
        if (e.bandwidth() != null
                && other != null
                && other != job
                && !other.runs().isEmpty()) {
            parts.add(bandwidth(job, other, e));
        }
        Kind worst = Kind.NO_EXPECTATION;
        List<String> texts = new ArrayList<>();
        for (LiveVerdict v : parts) {
            worst = v.kind().compareTo(worst) > 0 ? v.kind() : worst;
            texts.add(v.detail());
        }
        return new LiveVerdict(worst, String.join(" ", texts));
    }

    private static LiveVerdict races(LiveJobRuns job, LiveExperiment.Expectation e) {
        int caught = job.runsWithViolations();
        int n = job.runs().size();
        if (e.races() == LiveExperiment.Races.SOME) {
            if (caught > 0) {
                return new LiveVerdict(
                        Kind.AS_EXPECTED,
                        "Broken invariants caught in " + caught + " of " + n + " runs, as expected: " + e.because()
                                + ".");
            }
            return new LiveVerdict(
                    Kind.CONTRADICTS,
                    "Expected broken invariants (" + e.because() + "), but none"
                            + " was caught in " + n
                            + " run(s). Likely cause: noise — a race is a timing window that short"
                            + " runs can miss; run it again, or longer.");
        }
        if (caught == 0) {
            return new LiveVerdict(
                    Kind.AS_EXPECTED, "No broken invariant in " + n + " runs, as expected: " + e.because() + ".");
        }
        return new LiveVerdict(
                Kind.CONTRADICTS,
                "Expected no broken invariant (" + e.because() + "), but "
                        + caught + " of " + n + " runs caught some. Not noise: the copy should make this impossible"
                        + (job.directWasBuffered() ? "; the filesystem turned O_DIRECT into buffered I/O here" : "")
                        + "; report it with the run's numbers.");
    }

    private static LiveVerdict bandwidth(LiveJobRuns job, LiveJobRuns other, LiveExperiment.Expectation e) {
        Spread a = job.mibPerSecond();
        Spread b = other.mibPerSecond();
        double ratio = b.median() == 0 ? 0 : a.median() / b.median();
        String expected = "Expected " + e.bandwidth().yamlName() + " bandwidth than '"
                + other.job().name() + "' (" + e.because() + ")";
        String measured = String.format(
                Locale.ROOT,
                "measured %.2f× (median %.0f vs %.0f MiB/s; runs %.0f–%.0f vs" + " %.0f–%.0f)",
                ratio,
                a.median(),
                b.median(),
                a.min(),
                a.max(),
                b.min(),
                b.max());
        boolean holds = switch (e.bandwidth()) {
            case LOWER -> ratio < 1;
            case HIGHER -> ratio > 1;
            case SIMILAR -> Math.abs(ratio - 1) <= SIMILAR || a.overlaps(b);
        };
        if (holds && (e.bandwidth() == LiveExperiment.Direction.SIMILAR || !a.overlaps(b))) {
            return new LiveVerdict(Kind.AS_EXPECTED, expected + ": " + measured + ".");
        }
        if (a.overlaps(b)) {
            return new LiveVerdict(
                    Kind.WITHIN_NOISE,
                    expected + ": " + measured + ". The runs overlap, so this"
                            + " machine cannot tell the two apart at this size: noise"
                            + (holds ? " (the medians point the expected way)." : "."));
        }
        return new LiveVerdict(
                Kind.CONTRADICTS, expected + ", but " + measured + ". Likely cause: " + cause(job, other, ratio) + ".");
    }

    private static String cause(LiveJobRuns job, LiveJobRuns other, double ratio) {
        List<String> causes = new ArrayList<>();
        if (job.hugePages() != other.hugePages()) {
            LiveJobRuns huge = job.hugePages() ? job : other;
            causes.add("huge pages — '" + huge.job().name() + "' had its buffers on huge pages and the other did"
                    + " not, so its requests carried fewer DMA segments");
        }
        if (job.small() || other.small()) {
            LiveJobRuns s = job.small() ? job : other;
            causes.add(String.format(
                    Locale.ROOT,
                    "device cache — '%s' moved %s of files in %.1f s, small enough"
                            + " for the device's (or VM host's) cache to serve; use 1 GiB or more and a few seconds",
                    s.job().name(),
                    org.diolab.live.job.FioUnits.humanBytes(s.spec().footprintBytes()),
                    s.seconds()));
        }
        if (job.directWasBuffered() || other.directWasBuffered()) {
            causes.add("the filesystem turned O_DIRECT into buffered I/O");
        }
        if (causes.isEmpty()) {
            causes.add("noise beyond the runs' spread, or the claim does not hold on this machine; rerun with more"
                    + " repeats before drawing a conclusion");
        }
        return String.join("; ", causes);
    }
}
