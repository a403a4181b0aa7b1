package org.diolab.live.kernel.scenario;

import java.util.List;
import java.util.Locale;

/**
 * buffered-divergence's verdict from its recorded evidence: whether any leg diverged while the changed folios were
 * still dirty, whether every case had the chance to show it, and whether the writers were held back by writeback.
 * The engine's rule (every btrfs writer of a folio under writeback waits: by the ordered extent, by stable writes or
 * in btrfs_page_mkwrite()) is what the verdict is checked against.
 */
final class DivergenceVerdict {
    static final String MECHANISM_WAIT = "writers wait for writeback";
    static final String MECHANISM_DIVERGED = "folio changed between the legs' writes";

    /**
     * What the lab saw after the race cases, once everything had been written back: each leg mounted alone
     * (degraded, read-only) and read through btrfs, and a scrub.
     */
    record Afterwards(
            int blocksCompared,
            int nodatasumDiffering,
            int checksummedDiffering,
            long scrubErrors,
            long corruptionErrs) {}

    private DivergenceVerdict() {}

    static ScenarioResult build(ResultBuilder r, List<DivergenceCase> cases, Afterwards after) {
        r.cite(Upstream.PER_INODE_STABLE_WRITES, Upstream.STABLE_WRITES_THREAD);
        List<DivergenceCase> diverged =
                cases.stream().filter(DivergenceCase::diverged).toList();
        if (!diverged.isEmpty()) {
            DivergenceCase c = diverged.getFirst();
            return r.build(
                    Outcome.PRESENT,
                    String.format(
                            Locale.ROOT,
                            "the legs diverged: %s (%s%s), read from the devices while the folios were still dirty;"
                                    + " the engine says the writer waits (%s), this kernel let the folio change"
                                    + " between the legs' writes",
                            String.join(
                                    ", ",
                                    diverged.stream()
                                            .map(DivergenceVerdict::differ)
                                            .toList()),
                            c.legs().examples().isEmpty()
                                    ? ""
                                    : c.legs().examples().getFirst(),
                            after.blocksCompared() > 0
                                    ? String.format(
                                            Locale.ROOT,
                                            "; after the unmount's writeback, read alone: %,d differ",
                                            after.nodatasumDiffering() + after.checksummedDiffering())
                                    : "",
                            c.engineWait()),
                    MECHANISM_DIVERGED);
        }
        List<String> why = cases.stream()
                .filter(c -> !c.noChance().isEmpty())
                .map(c -> c.label() + ": " + c.noChance())
                .toList();
        if (!why.isEmpty()) {
            return r.build(
                    Outcome.INCONCLUSIVE,
                    "the legs agreed, but not every case could have shown a divergence: " + String.join("; ", why),
                    "");
        }
        List<DivergenceCase> free = cases.stream().filter(c -> !c.waited()).toList();
        String agreed = String.format(
                Locale.ROOT,
                "the legs agreed in every case, read from the devices while %s blocks were still newer in the page"
                        + " cache",
                String.join(
                        "/",
                        cases.stream()
                                .map(c -> Integer.toString(c.legs().cacheNewer()))
                                .toList()));
        if (!free.isEmpty()) {
            return r.build(
                    Outcome.NOT_SEEN,
                    agreed + ", although "
                            + String.join(
                                    "; ",
                                    free.stream().map(DivergenceVerdict::free).toList()),
                    "");
        }
        return r.build(
                Outcome.PREVENTED,
                agreed + ": the writers waited for writeback — "
                        + String.join(
                                "; ",
                                cases.stream().map(DivergenceVerdict::waits).toList())
                        + " — on the nodatasum file too, which has no stable writes since ecde48a1a6b3: btrfs's"
                        + " buffered write waits for the folio's ordered extent and btrfs_page_mkwrite() for the"
                        + " writeback, as the engine plays it",
                MECHANISM_WAIT);
    }

    private static String differ(DivergenceCase c) {
        return String.format(
                Locale.ROOT,
                "%,d of %,d blocks of the %s",
                c.legs().differing(),
                c.legs().located(),
                c.label());
    }

    private static String waits(DivergenceCase c) {
        return String.format(
                Locale.ROOT,
                "%s: %,d of %,d writes found their folio under writeback where a free writer would have found it"
                        + " about %,.0f times, %,d returned with it still under writeback",
                c.label(),
                c.race().foundWriteback(),
                c.race().writes(),
                c.race().expectedFound(),
                c.race().stillUnderWriteback());
    }

    private static String free(DivergenceCase c) {
        return String.format(
                Locale.ROOT,
                "%s: %,d writes found their folio under writeback (a free writer: about %,.0f) and %,d returned with"
                        + " it still under writeback (median %s): the writer was not held back",
                c.label(),
                c.race().foundWriteback(),
                c.race().expectedFound(),
                c.race().stillUnderWriteback(),
                micros(c.race().p50FoundNanos()));
    }

    static String micros(long nanos) {
        return nanos >= 10_000
                ? String.format(Locale.ROOT, "%,d µs", nanos / 1000)
                : String.format(Locale.ROOT, "%.1f µs", nanos / 1000.0);
    }
}
