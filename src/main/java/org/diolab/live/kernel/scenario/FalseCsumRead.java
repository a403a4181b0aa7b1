package org.diolab.live.kernel.scenario;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.diolab.live.kernel.evidence.BtrfsCounters;
import org.diolab.live.kernel.evidence.KernelLog;
import org.diolab.live.kernel.lab.BtrfsPlace;
import org.diolab.live.kernel.lab.LabFiles;

/**
 * S000 on the running kernel: O_DIRECT reads of a file with data checksums into a 64 KiB buffer that another thread
 * keeps rewriting. Where the kernel verifies the checksum in the user's buffer after the DMA (zero-copy reads), a
 * change in between makes good data fail verification: EIO, a "csum failed" log line, and a raised corruption_errs
 * counter on a healthy device. Two controls make the verdict mean something: the same reads without the scribbler
 * (must not fail, or the device has real errors) and the scribbled reads of a nodatasum file (nothing to verify).
 */
final class FalseCsumRead implements LabScenario {
    /** At most this many race phases of --runtime each, stopping at the first that shows a false EIO. */
    static final int RACE_ROUNDS = 4;
    /** Why a run with false EIOs can show no log line: the kernel's budget for btrfs warnings is shared. */
    static final String RATE_LIMITED = "the kernel logged no 'csum failed' line for these failures: btrfs rate-limits"
            + " its warnings across all its filesystems (a burst per 5 s), so other checksum failures on this"
            + " machine just before may have used them up; the EIO counts and corruption_errs are the evidence";

    @Override
    public ScenarioResult run(ScenarioRun s) throws IOException {
        ResultBuilder r = new ResultBuilder(Scenario.FALSE_CSUM_READ);
        BtrfsPlace place = s.btrfs("csum", "single", 1);
        r.setup(place.setup());
        s.progress("writing a checksummed and a nodatasum file", 0.05);
        Path datasum = LabFiles.create(place.newFile("datasum"), s.size(), false, s.cancel());
        Path nodatasum = LabFiles.create(place.newFile("nodatasum"), s.size(), true, s.cancel());
        r.setup(String.format(
                "64 KiB O_DIRECT reads at random offsets of a %d MiB file, 1 reader thread; the"
                        + " scribbler rewrites the whole buffer in a loop",
                s.size() >> 20));
        r.fact("datasum_file_has_checksums", "checksummed file has data checksums", !LabFiles.noCow(datasum));
        r.fact("nodatasum_file_nocow", "control file is nodatasum (chattr +C)", LabFiles.noCow(nodatasum));
        Map<String, Long> before = BtrfsCounters.corruptionErrors(place.sysfs());
        int mark = s.log().mark();
        IoLoop.Counts race;
        int rounds = 0;
        IoLoop.Counts quiet;
        Scribbler.During<IoLoop.Counts> raceRun;
        Scribbler.During<IoLoop.Counts> nodsum;
        try (Arena arena = Arena.ofShared()) {
            MemorySegment buf = IoLoop.buffer(arena, IoLoop.READ_SIZE);
            s.progress("direct reads while the buffer changes", 0.1);
            // The race needs the scribbler to run while a read is in flight; on a busy machine one phase may see no
            // false EIO by chance, so the phase is repeated (new offsets each round) until one shows or the rounds
            // run out. Only then is "not seen" said, and only if the buffer changed more often than it was read.
            raceRun = null;
            for (int round = 0;
                    round < RACE_ROUNDS && (raceRun == null || raceRun.result().eio() == 0);
                    round++) {
                long seed = 0x5000 + 0x100L * round;
                Scribbler.During<IoLoop.Counts> next =
                        Scribbler.during(buf, () -> IoLoop.reads(datasum, buf, s.runtime(), 0, seed, s.cancel()));
                raceRun = raceRun == null
                        ? next
                        : new Scribbler.During<>(
                                raceRun.result().plus(next.result()), raceRun.passes() + next.passes());
                rounds = round + 1;
                s.cancel().throwIfCancelled();
            }
            race = raceRun.result();
            s.progress("control: the same reads, buffer left alone", 0.55);
            quiet = IoLoop.reads(datasum, buf, s.controlTime(), 0, 0x5001, s.cancel());
            s.cancel().throwIfCancelled();
            s.progress("control: a nodatasum file, buffer changing", 0.75);
            nodsum = Scribbler.during(buf, () -> IoLoop.reads(nodatasum, buf, s.controlTime(), 0, 0x5002, s.cancel()));
            s.cancel().throwIfCancelled();
        }
        Map<String, Long> after = BtrfsCounters.corruptionErrors(place.sysfs());
        List<KernelLog.Line> lines = s.log().since(mark, place.devices());
        long csumLines =
                lines.stream().filter(l -> l.text().contains("csum failed")).count();

        r.measure("reads_with_scribbler", "direct reads, buffer changing", race.ios())
                .measure("eio_with_scribbler", "of them failed with EIO", race.eio())
                .measure("short_reads_with_scribbler", "of them returned short", race.shortIos())
                .measure("other_errors_with_scribbler", "of them failed otherwise", race.otherErrors())
                .measure("scribbler_passes", "buffer rewrites meanwhile", raceRun.passes())
                .measure("race_rounds", "race phases run (until a false EIO, at most " + RACE_ROUNDS + ")", rounds)
                .measure("reads_without_scribbler", "control: reads, buffer left alone", quiet.ios())
                .measure("eio_without_scribbler", "control: of them failed with EIO", quiet.eio())
                .measure(
                        "reads_nodatasum",
                        "control: reads of the nodatasum file, buffer changing",
                        nodsum.result().ios())
                .measure(
                        "eio_nodatasum",
                        "control: of them failed with EIO",
                        nodsum.result().eio())
                .measure(
                        "kernel_csum_failed_lines",
                        "kernel log lines 'csum failed' (the kernel rate-limits" + " them)",
                        csumLines);
        if (!before.isEmpty()) {
            r.measure("corruption_errs_before", "corruption_errs of the device(s) before", BtrfsCounters.sum(before))
                    .measure("corruption_errs_after", "corruption_errs after", BtrfsCounters.sum(after));
        } else {
            r.limit("btrfs device error counters were not readable in /sys/fs/btrfs");
        }
        if (s.onUserMount()) {
            r.limit("on your own btrfs a false failure raises its devices' corruption_errs for good (btrfs device"
                    + " stats -z resets them)");
        }
        r.log(lines, s.log()).cite(Upstream.READ_BOUNCE, Upstream.LAZY_BOUNCE);

        return verdict(r, race, quiet, raceRun, nodsum.result(), rounds, csumLines, before, after);
    }

    /** The outcome, from the run's own numbers: controls first, then the race, then whether it had a fair chance. */
    private static ScenarioResult verdict(
            ResultBuilder r,
            IoLoop.Counts race,
            IoLoop.Counts quiet,
            Scribbler.During<IoLoop.Counts> raceRun,
            IoLoop.Counts nodsumResult,
            int rounds,
            long csumLines,
            Map<String, Long> before,
            Map<String, Long> after) {
        if (quiet.failures() > 0 || nodsumResult.failures() > 0) {
            return r.build(
                    Outcome.INCONCLUSIVE,
                    String.format(
                            "reads failed without the race too (%d of %d with the"
                                    + " buffer left alone, %d of %d on the nodatasum file): the device or filesystem has real errors",
                            quiet.failures(), quiet.ios(), nodsumResult.failures(), nodsumResult.ios()),
                    "");
        }
        if (race.eio() > 0) {
            if (csumLines == 0) {
                r.limit(RATE_LIMITED);
            }
            return r.build(
                    Outcome.PRESENT,
                    String.format(
                            "%,d of %,d direct reads of good data failed with EIO while"
                                    + " another thread changed the buffer; none of %,d failed with the buffer left alone or of %,d on"
                                    + " the nodatasum file; the kernel logged %s%s",
                            race.eio(),
                            race.ios(),
                            quiet.ios(),
                            nodsumResult.ios(),
                            csumLines > 0
                                    ? String.format("%,d 'csum failed' line(s)", csumLines)
                                    : "no 'csum failed' line (rate-limited)",
                            before.isEmpty()
                                    ? ""
                                    : String.format(
                                            " and corruption_errs rose from %,d to %,d",
                                            BtrfsCounters.sum(before), BtrfsCounters.sum(after))),
                    "zero-copy read: the checksum is verified in the user's buffer after the DMA");
        }
        if (raceRun.passes() < race.ios()) {
            return r.build(
                    Outcome.INCONCLUSIVE,
                    String.format(
                            "no false EIO in %,d direct reads over %d phase(s),"
                                    + " but the buffer changed only %,d times: the scribbler thread got too little CPU on this busy"
                                    + " machine for the race to have a fair chance (run again when it is quieter, or with a longer"
                                    + " --runtime)",
                            race.ios(), rounds, raceRun.passes()),
                    "");
        }
        return r.build(
                Outcome.NOT_SEEN,
                String.format(
                        "no false EIO in %,d direct reads while the buffer was"
                                + " rewritten %,d times (a kernel that bounces checksummed reads, or retries them bounced, shows"
                                + " this too)",
                        race.ios(), raceRun.passes()),
                "");
    }
}
