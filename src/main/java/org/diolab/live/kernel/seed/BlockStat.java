package org.diolab.live.kernel.seed;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Write requests a set of block devices completed, from {@code /sys/block/DEV/stat} (fields 5 and 7: writes
 * completed, sectors written): how the block layer cut a row's I/O. Two rows that write the same bytes in different
 * numbers of requests are not the same workload, whatever the job says.
 */
record BlockStat(long writes, long sectors) {
    static BlockStat of(List<String> devices) {
        long w = 0;
        long s = 0;
        for (String d : devices) {
            try {
                String[] f = Files.readString(Path.of("/sys/block", d, "stat"))
                        .trim()
                        .split("\\s+");
                w += Long.parseLong(f[4]);
                s += Long.parseLong(f[6]);
            } catch (IOException | RuntimeException e) {
                return new BlockStat(-1, -1);
            }
        }
        return new BlockStat(w, s);
    }

    /** ", 1,024 write requests of 1024 KiB on average at loop0" for what happened between {@code before} and this. */
    String since(BlockStat before, List<String> devices) {
        long w = writes - before.writes;
        long kib = (sectors - before.sectors) / 2;
        if (writes < 0 || before.writes < 0 || w <= 0) {
            return "";
        }
        return String.format(
                Locale.ROOT, "; %,d write requests of %d KiB on average at %s", w, kib / w, String.join("+", devices));
    }
}
