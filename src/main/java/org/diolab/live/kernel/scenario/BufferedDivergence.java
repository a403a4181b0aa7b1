package org.diolab.live.kernel.scenario;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;
import org.diolab.live.kernel.evidence.BtrfsCounters;
import org.diolab.live.kernel.evidence.LegCopies;
import org.diolab.live.kernel.evidence.LegDigests;
import org.diolab.live.kernel.lab.LabFiles;
import org.diolab.live.kernel.lab.LabVolume;
import org.diolab.sys.Errno;
import org.diolab.sys.Fd;
import org.diolab.sys.LibC;

/**
 * S003's scenario B on btrfs's own RAID1, against the running kernel: a writer keeps changing a file's folios, by
 * write(2) and by stores through a shared mapping, while a flusher keeps their writeback running; on a nodatasum file
 * (chattr +C on the empty file, which since ecde48a1a6b3 has no stable writes) and on a checksummed one. Right after
 * each race, while the changed folios are still dirty, every leg's copy of every block is read straight from the
 * loop devices ({@link LegCopies}): a folio changed between the two legs' writes of one writeback leaves them
 * different only until its next writeback, which an unmount, an fsync or the flusher would do. Afterwards, once
 * everything is written back, a scrub and each leg mounted alone show the lasting state.
 */
final class BufferedDivergence implements LabScenario {
    /** 256 KiB: few enough blocks that the writer keeps meeting folios under writeback. */
    static final int BLOCKS = 64;

    private static final long SETTLE_NANOS = 2_000_000_000L;

    @Override
    public ScenarioResult run(ScenarioRun s) throws IOException {
        ResultBuilder r = new ResultBuilder(Scenario.BUFFERED_DIVERGENCE);
        s.progress("building btrfs RAID1", 0.0);
        // Loop direct I/O: each leg's write reaches the disk under the image before it completes, so a writeback
        // lasts long enough for the writer to meet it often.
        LabVolume v = s.volume(
                LabVolume.Spec.btrfs("divergence", "raid1", 2, s.imageBytes()).withLoopDirectIo());
        r.setup(v.describe());
        r.setup(String.format(
                Locale.ROOT,
                "a %d KiB nodatasum (chattr +C) and a %d KiB checksummed file; per file and way of writing, %.1f s of"
                        + " one writer putting stamped 4 KiB blocks at random offsets while a flusher loops"
                        + " sync_file_range(SYNC_FILE_RANGE_WRITE); then each leg's copies read from the devices",
                BLOCKS * 4,
                BLOCKS * 4,
                s.runtime().toMillis() / 1000.0));
        Path nodatasum = LabFiles.createEmpty(v.newFile("nodatasum"), true);
        Path checksummed = LabFiles.createEmpty(v.newFile("checksummed"), false);
        r.fact("nodatasum_file_nocow", "the nodatasum file is NOCOW (chattr +C)", LabFiles.noCow(nodatasum))
                .fact(
                        "checksummed_file_has_checksums",
                        "the other file has data checksums",
                        !LabFiles.noCow(checksummed));
        fill(nodatasum);
        fill(checksummed);
        Map<String, Long> errsBefore = BtrfsCounters.corruptionErrors(v.sysfs());
        int mark = s.log().mark();
        List<DivergenceCase> cases = new ArrayList<>();
        int generation = 1;
        double at = 0.05;
        for (Path file : List.of(nodatasum, checksummed)) {
            for (WritebackRace.Mode mode : WritebackRace.Mode.values()) {
                boolean nd = file.equals(nodatasum);
                s.progress((nd ? "nodatasum" : "checksummed") + " file: " + mode.label + " racing writeback", at);
                DivergenceCase c = race(s, v, file, nd, mode, generation);
                cases.add(c);
                generation = c.race().lastGeneration().stream()
                                .mapToInt(Integer::intValue)
                                .max()
                                .orElse(generation)
                        + 1;
                at += 0.17;
            }
        }
        s.progress("scrub, then each leg mounted alone", 0.75);
        DivergenceVerdict.Afterwards after = afterwards(s, v, nodatasum, checksummed, errsBefore);
        for (DivergenceCase c : cases) {
            add(r, c);
        }
        r.measure(
                        "blocks_read_alone",
                        "after the unmount: blocks per file read from each leg mounted alone",
                        after.blocksCompared())
                .measure(
                        "nodatasum_differing_read_alone",
                        "nodatasum file: blocks differing between the legs read alone",
                        after.nodatasumDiffering())
                .measure(
                        "checksummed_differing_read_alone",
                        "checksummed file: blocks differing between the legs read alone",
                        after.checksummedDiffering())
                .measure("scrub_errors", "scrub: checksum, verify and read errors", after.scrubErrors())
                .measure("corruption_errs_delta", "corruption_errs added during the scenario", after.corruptionErrs());
        r.limit("the copies on the legs are read while the changed folios are dirty; the unmount writes them back, so"
                + " the legs read alone afterwards show the state after that writeback, not the race's");
        r.limit(
                "which wait held a writer back (ordered extent, stable writes, btrfs_page_mkwrite()) is not told"
                        + " apart here; a trace of writeback:folio_wait_writeback and btrfs:btrfs_ordered_extent_start shows it");
        r.log(s.log().since(mark, v.deviceNames()), s.log());
        return DivergenceVerdict.build(r, cases, after);
    }

    /** Stamps every block with generation 0 and syncs: both legs start equal and every copy is recognisable. */
    private static void fill(Path file) throws IOException {
        try (Arena arena = Arena.ofConfined();
                Fd fd = Fd.open(file, LibC.O_RDWR | LibC.O_NOFOLLOW)) {
            MemorySegment buf = arena.allocate((long) BLOCKS * BlockStamp.BLOCK, BlockStamp.BLOCK);
            for (int b = 0; b < BLOCKS; b++) {
                BlockStamp.write(buf, (long) b * BlockStamp.BLOCK, b, 0);
            }
            long n = fd.pwrite(buf.address(), buf.byteSize(), 0);
            if (n != buf.byteSize()) {
                throw new IOException("filling " + file + ": " + (n < 0 ? Errno.name((int) -n) : n + " bytes"));
            }
            fd.fsync();
        }
    }

    private static DivergenceCase race(
            ScenarioRun s, LabVolume v, Path file, boolean nodatasum, WritebackRace.Mode mode, int generation)
            throws IOException {
        // The race's threads are WritebackRace's own (not IoLoop's): the trace starts here, or follows the new file.
        RaceTracer.current().begin("writeback race");
        WritebackRace.Stats race = WritebackRace.run(file, BLOCKS, mode, s.runtime(), generation, s.cancel());
        long stopped = System.nanoTime();
        try (Fd fd = Fd.open(file, LibC.O_RDONLY | LibC.O_NOFOLLOW)) {
            settle(fd);
            LegCopies copies = LegCopies.read(fd, BLOCKS, v.deviceNames());
            long readMillis = (System.nanoTime() - stopped) / 1_000_000;
            Fd.CacheStat c = fd.cachestat();
            LegComparison legs =
                    LegComparison.of(copies, BLOCKS, v.deviceNames().size(), race.lastGeneration());
            return new DivergenceCase(nodatasum, mode, race, legs, c == null ? -1 : c.dirty(), readMillis);
        }
    }

    /**
     * Waits (up to 2 s) until no folio of the file is under writeback, then 50 ms for btrfs to finish the ordered
     * extents (their file extent items are what FIEMAP reports): the legs are read after the last writeback, and
     * before the flusher's next one (dirty pages expire after 30 s by default).
     */
    private static void settle(Fd fd) {
        long end = System.nanoTime() + SETTLE_NANOS;
        while (System.nanoTime() < end) {
            Fd.CacheStat c = fd.cachestat();
            if (c == null || c.writeback() == 0) {
                break;
            }
            LockSupport.parkNanos(1_000_000);
        }
        LockSupport.parkNanos(50_000_000);
    }

    private static DivergenceVerdict.Afterwards afterwards(
            ScenarioRun s, LabVolume v, Path nodatasum, Path checksummed, Map<String, Long> errsBefore)
            throws IOException {
        BtrfsCounters.Scrub scrub = s.scrub(v);
        long errs = BtrfsCounters.sum(BtrfsCounters.corruptionErrors(v.sysfs())) - BtrfsCounters.sum(errsBefore);
        long size = (long) BLOCKS * LegDigests.BLOCK;
        List<LegDigests> nd = new ArrayList<>();
        List<LegDigests> cs = new ArrayList<>();
        for (int leg = 0; leg < v.deviceNames().size(); leg++) {
            v.mountLegAlone(leg);
            nd.add(LegDigests.read(v.mountPoint().resolve(nodatasum.getFileName()), size, s.cancel()));
            cs.add(LegDigests.read(v.mountPoint().resolve(checksummed.getFileName()), size, s.cancel()));
        }
        v.unmount();
        return new DivergenceVerdict.Afterwards(
                BLOCKS, differing(nd), differing(cs), scrub.errors(), Math.max(0, errs));
    }

    private static int differing(List<LegDigests> legs) {
        java.util.Set<Integer> out = new java.util.TreeSet<>();
        for (int k = 1; k < legs.size(); k++) {
            out.addAll(legs.getFirst().differing(legs.get(k)));
        }
        return out.size();
    }

    private static void add(ResultBuilder r, DivergenceCase c) {
        String k = c.key();
        String l = c.label();
        WritebackRace.Stats x = c.race();
        r.measure(k + "_writes", l + ": writes", x.writes())
                .measure(k + "_write_errors", l + ": of them failed", x.errors())
                .measure(
                        k + "_found_writeback",
                        l + ": writes that found their folio under writeback",
                        x.foundWriteback())
                .measure(
                        k + "_still_writeback",
                        l + ": of them returned with it still under writeback",
                        x.stillUnderWriteback())
                .measure(
                        k + "_p50_found_us",
                        l + ": median write, folio found under writeback (µs)",
                        x.p50FoundNanos() / 1000.0)
                .measure(
                        k + "_p99_found_us",
                        l + ": p99 write, folio found under writeback (µs)",
                        x.p99FoundNanos() / 1000.0)
                .measure(k + "_p50_other_us", l + ": median write, other folios (µs)", x.p50OtherNanos() / 1000.0)
                .measure(k + "_flushes", l + ": sync_file_range calls", x.flushes())
                .measure(
                        k + "_writeback_share_pct",
                        l + ": blocks under writeback, sampler's mean (%)",
                        100 * x.writebackShare())
                .measure(
                        k + "_expected_found",
                        l + ": writes a free writer would have made into a folio under" + " writeback",
                        x.expectedFound())
                .measure(
                        k + "_blocks_located",
                        l + ": blocks whose copies were read from every leg",
                        c.legs().located())
                .measure(
                        k + "_blocks_differing",
                        l + ": blocks whose copies differ between the legs",
                        c.legs().differing())
                .measure(
                        k + "_torn_copies",
                        l + ": copies holding parts of several writes",
                        c.legs().torn())
                .measure(
                        k + "_foreign_copies",
                        l + ": copies without their block's stamp",
                        c.legs().foreign())
                .measure(
                        k + "_blocks_newer_in_cache",
                        l + ": blocks whose folio holds a write no leg has (dirty)",
                        c.legs().cacheNewer())
                .measure(k + "_dirty_pages", l + ": dirty pages after the legs were read (cachestat)", c.dirtyPages())
                .measure(k + "_read_ms", l + ": ms from the writer's stop to the legs read", c.readMillis());
        for (int i = 0; i < c.legs().examples().size(); i++) {
            r.fact(
                    k + "_example_" + (i + 1),
                    l + ": differing block",
                    c.legs().examples().get(i));
        }
    }
}
