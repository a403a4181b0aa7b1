package org.diolab.live.kernel.scenario;

import java.util.Locale;

/**
 * One file × mode of buffered-divergence as recorded: the race ({@link WritebackRace.Stats}) and what the legs held,
 * read from the devices while the changed folios were still dirty ({@link LegComparison}).
 *
 * @param nodatasum  the file is nodatasum (chattr +C on the empty file), else it has data checksums
 * @param dirtyPages the file's dirty pages (cachestat) when its legs had been read
 * @param readMillis from the writer's stop to the end of reading the legs
 */
record DivergenceCase(
        boolean nodatasum,
        WritebackRace.Mode mode,
        WritebackRace.Stats race,
        LegComparison legs,
        long dirtyPages,
        long readMillis) {
    /**
     * A writer was held back when its probes found its folio under writeback far less often than a freely running
     * writer's would (the sampler's share of blocks under writeback) and, of the writes that did find it there, most
     * returned only once it was over: a write of 4 KiB into the page cache takes microseconds, a writeback of the
     * lab's loop devices much longer, so a writer nobody waits for returns while the writeback still runs.
     */
    static final double HELD_BACK_BELOW = 0.25;

    static final double STILL_BELOW = 0.5;
    /** Below this many expected encounters the run was too short, or writeback too rare, to tell. */
    static final double ENOUGH_EXPECTED = 20;

    /** "nodatasum_write": the prefix of this case's evidence keys. */
    String key() {
        return (nodatasum ? "nodatasum" : "checksummed") + "_" + mode.id;
    }

    /** "nodatasum file, write(2)" */
    String label() {
        return (nodatasum ? "nodatasum file" : "checksummed file") + ", " + mode.label;
    }

    boolean diverged() {
        return legs.differing() > 0;
    }

    /** Of the writes that found their folio under writeback, the share after which it still was. */
    double stillShare() {
        return race.foundWriteback() == 0 ? 0 : (double) race.stillUnderWriteback() / race.foundWriteback();
    }

    /** Of the writes a freely running writer would have made into a folio under writeback, the share it did make. */
    double foundShare() {
        double e = race.expectedFound();
        return e == 0 ? 0 : race.foundWriteback() / e;
    }

    boolean waited() {
        return foundShare() < HELD_BACK_BELOW && (race.foundWriteback() == 0 || stillShare() < STILL_BELOW);
    }

    /**
     * Why this run could not tell, or "" when it could: a divergence needs a write to meet its folio under
     * writeback, shows only in blocks still dirty when the legs are read, and is read right only where every copy
     * carries its own block's stamp.
     */
    String noChance() {
        if (race.writes() == 0) {
            return "no write completed" + (race.firstError().isEmpty() ? "" : " (" + race.firstError() + ")");
        }
        if (race.samples() == 0) {
            return "cachestat(2) could not tell whether a folio was under writeback (it came in Linux 6.5)";
        }
        if (race.expectedFound() < ENOUGH_EXPECTED) {
            return String.format(
                    Locale.ROOT,
                    "writeback was running too seldom for the writer to meet it (%.1f%% of the blocks on average)",
                    100 * race.writebackShare());
        }
        if (legs.located() < legs.blocks()) {
            return String.format(
                    Locale.ROOT, "only %d of %d blocks were found on the legs", legs.located(), legs.blocks());
        }
        if (legs.foreign() > 0) {
            return legs.foreign() + " copies carried no stamp of their block: the map to the devices is wrong";
        }
        if (legs.cacheNewer() == 0) {
            return "no block was still dirty when the legs were read (every change had been written back again)";
        }
        return "";
    }

    /** What makes a writer of this case wait on btrfs, as the engine plays it and the kernel source has it. */
    String engineWait() {
        if (mode == WritebackRace.Mode.MMAP) {
            return "btrfs_page_mkwrite() waits for the folio's writeback on every inode";
        }
        return nodatasum
                ? "no stable writes since ecde48a1a6b3, but btrfs's buffered write waits for the folio's ordered extent"
                        + " (btrfs_start_ordered_extent())"
                : "folio_wait_stable(): a checksummed inode's mapping has stable writes (ecde48a1a6b3)";
    }
}
