package org.diolab.live.kernel.scenario;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import org.diolab.live.kernel.evidence.BtrfsCounters;
import org.diolab.live.kernel.lab.BtrfsPlace;
import org.diolab.live.kernel.lab.LabFiles;

/**
 * S003's premise for 968f19c5b1b7 on the running kernel: O_DIRECT writes to a file with data checksums while a
 * thread rewrites the buffer. Zero-copy would checksum one version of the data and let the device write another, so
 * a scrub would find checksum errors. Run on SINGLE, where only the checksum rule (968f19c5b1b7), not the duplication
 * rule (7c2830f00c3e), can send the writes through the page cache; the writes are watched (page cache, pins) and a
 * scrub checks every block against its checksum afterwards.
 */
final class DatasumWrite implements LabScenario {
    private static final long IO = 64 << 10;

    @Override
    public ScenarioResult run(ScenarioRun s) throws IOException {
        ResultBuilder r = new ResultBuilder(Scenario.DATASUM_WRITE);
        BtrfsPlace place = s.btrfs("datasum", "single", 1);
        r.setup(place.setup());
        r.setup(String.format(
                Locale.ROOT,
                "64 KiB O_DIRECT writes sweeping a %d MiB file with data checksums for"
                        + " %.1f s, 1 writer, 1 scribbler rewriting the buffer; then btrfs scrub",
                s.size() >> 20,
                s.runtime().toMillis() / 1000.0));
        Path file = LabFiles.createEmpty(place.newFile("datasum"), false);
        r.fact("file_has_checksums", "the file has data checksums (no NOCOW flag)", !LabFiles.noCow(file));
        Map<String, Long> before = BtrfsCounters.corruptionErrors(place.sysfs());
        int mark = s.log().mark();
        s.progress("direct writes while the buffer changes", 0.1);
        WriteProbe.Result probe = WriteProbe.run(s, file, s.size(), IO, s.runtime(), true, true);
        s.cancel().throwIfCancelled();
        s.progress("scrubbing", 0.8);
        BtrfsCounters.Scrub scrub = s.scrub(place);
        Map<String, Long> after = BtrfsCounters.corruptionErrors(place.sysfs());
        probe.addTo(r, "datasum", "checksummed file");
        r.measure("scrub_data_bytes", "scrub: data bytes checked", scrub.dataBytes())
                .measure("scrub_csum_errors", "scrub: checksum errors", scrub.csumErrors())
                .measure("scrub_verify_errors", "scrub: verify errors", scrub.verifyErrors())
                .measure("scrub_read_errors", "scrub: read errors", scrub.readErrors())
                .measure("scrub_uncorrectable_errors", "scrub: uncorrectable", scrub.uncorrectable());
        if (!before.isEmpty()) {
            r.measure(
                    "corruption_errs_after",
                    "corruption_errs after the scrub",
                    BtrfsCounters.sum(after) - BtrfsCounters.sum(before));
        }
        r.log(s.log().since(mark, place.devices()), s.log());
        WriteProbe.Mechanism m = probe.mechanism();
        if (scrub.errors() == 0 && scrub.dataBytes() == 0) {
            return r.build(
                    Outcome.INCONCLUSIVE,
                    String.format(
                            Locale.ROOT,
                            "scrub checked no data after %,d writes,"
                                    + " so it cannot say whether the checksums match what the devices hold",
                            probe.writes().ios()),
                    m.label);
        }
        if (scrub.errors() > 0) {
            r.cite(Upstream.DATASUM_FALLBACK);
            return r.build(
                    Outcome.PRESENT,
                    String.format(
                            Locale.ROOT,
                            "scrub found %,d checksum error(s) in data"
                                    + " written directly from a changing buffer: the checksum covered one version, the device wrote"
                                    + " another",
                            scrub.errors()),
                    m.label);
        }
        String clean = String.format(
                Locale.ROOT,
                "scrub checked %,d MiB and found no errors although the buffer"
                        + " changed %,d times during %,d writes",
                scrub.dataBytes() >> 20,
                probe.bufferRewrites(),
                probe.writes().ios());
        return switch (m) {
            case BUFFERED -> {
                r.cite(Upstream.DATASUM_FALLBACK);
                yield r.build(
                        Outcome.PREVENTED,
                        String.format(
                                Locale.ROOT,
                                "%s: the writes went through the page"
                                        + " cache (up to %,d pages cached, %,d dirty, %,d under writeback), which 968f19c5b1b7 does for"
                                        + " files with checksums",
                                clean,
                                probe.cache().maxCached(),
                                probe.cache().maxDirty(),
                                probe.cache().maxWriteback()),
                        m.label);
            }
            case BOUNCE, COPIED -> {
                r.cite(Upstream.NEVER_TRUST_BIO, Upstream.DATASUM_FALLBACK);
                yield r.build(
                        Outcome.PREVENTED,
                        clean + ": the user's pages were not pinned, so the kernel wrote" + " a copy",
                        m.label);
            }
            case ZERO_COPY, UNKNOWN -> {
                r.cite(Upstream.DATASUM_FALLBACK);
                yield r.build(Outcome.NOT_SEEN, clean + " (the writes looked " + m.label + ")", m.label);
            }
        };
    }
}
