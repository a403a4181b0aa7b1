package org.diolab.live.report;

import java.util.Arrays;
import java.util.List;

/**
 * What a job's I/O looked like, beyond bytes and latency: how many I/Os of each size it issued (fio's bssplit, so the
 * mix can be checked against the split) and, for a skewed random distribution, how the I/Os spread over the file's
 * blocks: the share the hottest 1, 5, 10, 25 and 50 percent of the blocks took, and how many blocks were never hit
 * (fio's {@code fio-genzipf} shows the same kind of table for a distribution).
 *
 * @param reads  I/Os issued per size for reads (empty for a job with one bs)
 * @param writes the same for writes
 * @param hits   the hit profile, or {@link HitProfile#NONE} for uniform offsets
 * @param uniqueWrites   under fio's dedupe/compress settings, writes whose buffer was new (else 0)
 * @param repeatedWrites writes whose buffer repeated an earlier one (fio's dedupe_percentage)
 */
public record AccessMix(
        List<SizeCount> reads, List<SizeCount> writes, HitProfile hits, long uniqueWrites, long repeatedWrites) {
    public static final AccessMix NONE = new AccessMix(List.of(), List.of(), HitProfile.NONE, 0, 0);

    /** The block fractions the profile is given at. */
    public static final double[] HOTTEST = {0.01, 0.05, 0.10, 0.25, 0.50};

    public record SizeCount(long bs, long ios) {}

    /**
     * @param cells   the blocks counted (or buckets of blocks on a file with more than the counters hold)
     * @param ios     I/Os counted
     * @param hottest per fraction of {@link #HOTTEST}, the share of the I/Os its hottest cells took
     * @param unhit   the fraction of cells no I/O hit
     */
    public record HitProfile(long cells, long ios, List<Double> hottest, double unhit) {
        public static final HitProfile NONE = new HitProfile(0, 0, List.of(), 0);

        public HitProfile {
            hottest = List.copyOf(hottest);
        }

        public boolean present() {
            return cells > 0;
        }

        /** The profile of hit counters (summed over files: each file's counters are cells of their own). */
        public static HitProfile of(List<int[]> counters) {
            long cells = counters.stream().mapToLong(c -> c.length).sum();
            if (cells == 0) {
                return NONE;
            }
            long[] all = new long[Math.toIntExact(cells)];
            int i = 0;
            for (int[] c : counters) {
                for (int v : c) {
                    all[i++] = v;
                }
            }
            Arrays.sort(all);
            long total = Arrays.stream(all).sum();
            if (total == 0) {
                return NONE;
            }
            long unhit = Arrays.stream(all).filter(v -> v == 0).count();
            Double[] shares = new Double[HOTTEST.length];
            for (int f = 0; f < HOTTEST.length; f++) {
                long top = Math.max(1, Math.round(Math.ceil(HOTTEST[f] * cells)));
                long sum = 0;
                for (int k = 0; k < top; k++) {
                    sum += all[all.length - 1 - k];
                }
                shares[f] = (double) sum / total;
            }
            return new HitProfile(cells, total, List.of(shares), (double) unhit / cells);
        }
    }

    public boolean present() {
        return !reads.isEmpty() || !writes.isEmpty() || hits.present() || uniqueWrites + repeatedWrites > 0;
    }

    public AccessMix {
        reads = List.copyOf(reads);
        writes = List.copyOf(writes);
    }

    /** "4k 60.2%, 64k 39.8%": each size's share of the direction's I/Os. */
    public static String shares(List<SizeCount> counts) {
        long total = counts.stream().mapToLong(SizeCount::ios).sum();
        return String.join(
                ", ",
                counts.stream()
                        .map(c -> org.diolab.live.job.FioUnits.formatSize(c.bs()) + " "
                                + String.format(
                                        java.util.Locale.ROOT, "%.1f%%", total == 0 ? 0.0 : 100.0 * c.ios() / total))
                        .toList());
    }

    /**
     * The text report's line: the split and rate process as given, and what was issued: "bssplit=4k/60:64k/40 (read
     * 4k 60.1%, 64k 39.9%); random_distribution=zipf:1.2: hottest 1% of blocks 21.0%, 5% 40.1%, ..." ("" when the job
     * has none of them).
     */
    public static String describe(org.diolab.live.job.JobSpec j, AccessMix m) {
        List<String> parts = new java.util.ArrayList<>();
        if (!j.access().split().isNone()) {
            List<String> got = new java.util.ArrayList<>();
            if (!m.reads().isEmpty()) {
                got.add("read " + shares(m.reads()));
            }
            if (!m.writes().isEmpty()) {
                got.add("write " + shares(m.writes()));
            }
            parts.add("bssplit=" + j.access().split().fioText()
                    + (got.isEmpty() ? "" : " (" + String.join("; ", got) + ")"));
        }
        if (j.access().blockAlign() > 0) {
            parts.add("blockalign="
                    + org.diolab.live.job.FioUnits.formatSize(j.access().blockAlign()));
        }
        if (!j.access().distribution().uniform() && j.rw().random()) {
            StringBuilder sb = new StringBuilder(
                    "random_distribution=" + j.access().distribution().fioText());
            if (m.hits().present()) {
                sb.append(": hottest");
                for (int f = 0; f < HOTTEST.length; f++) {
                    sb.append(String.format(
                            java.util.Locale.ROOT,
                            f == 0 ? " %.0f%% of blocks %.1f%%" : ", %.0f%% %.1f%%",
                            100 * HOTTEST[f],
                            100 * m.hits().hottest().get(f)));
                }
                sb.append(String.format(
                        java.util.Locale.ROOT,
                        " of the I/Os; %.1f%% of blocks never hit",
                        100 * m.hits().unhit()));
            }
            parts.add(sb.toString());
        }
        if (j.content().refills()) {
            long all = m.uniqueWrites() + m.repeatedWrites();
            parts.add(String.format(
                    java.util.Locale.ROOT,
                    "dedupe_percentage=%d (%s), buffer_compress_percentage=%d: %.1f%% of %d writes repeated a buffer",
                    j.content().dedupe(),
                    j.content().workingSet()
                            ? "working set " + j.content().workingSetShare() + "%"
                                    + (j.content().global() ? ", global" : "")
                            : "repeat",
                    j.content().compress(),
                    all == 0 ? 0.0 : 100.0 * m.repeatedWrites() / all,
                    all));
        }
        if (j.pacing().poisson()) {
            parts.add("rate_process=poisson");
        }
        if (j.pacing().offload()) {
            parts.add("io_submit_mode=offload (latency from each I/O's due time)");
        }
        if (j.flow().active()) {
            parts.add("flow=" + j.flow().weight() + " (flow_id " + j.flow().id() + ", flow_sleep "
                    + j.flow().sleep().toNanos() / 1000 + " us): I/O counts in proportion to the flow's other jobs");
        }
        return String.join("; ", parts);
    }
}
