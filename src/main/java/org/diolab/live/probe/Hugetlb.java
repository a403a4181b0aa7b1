package org.diolab.live.probe;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.diolab.live.job.FioUnits;
import org.diolab.live.job.LiveRefusal;

/**
 * The kernel's hugetlb pool as {@code /proc/meminfo} reports it: what a huge-page comparison with fio needs, since
 * fio's {@code iomem=mmaphuge} takes its buffers from this pool (never from transparent huge pages).
 */
public final class Hugetlb {
    private static final Path MEMINFO = Path.of("/proc/meminfo");
    private static final long DEFAULT_PAGE = 2L << 20;

    private Hugetlb() {}

    /** The default huge page size in bytes (2 MiB on x86-64). */
    public static long pageSize() {
        long kb = field("Hugepagesize:");
        return kb > 0 ? kb * 1024 : DEFAULT_PAGE;
    }

    /** Pages free for new mappings: free minus those already promised to existing mappings. */
    public static long available() {
        return Math.max(0, field("HugePages_Free:") - Math.max(0, field("HugePages_Rsvd:")));
    }

    /** Pages one fio job's buffer takes: {@code bs} plus fio's page of alignment slack, rounded up. */
    public static long pagesFor(long bs) {
        long page = pageSize();
        return (bs + 4096 + page - 1) / page;
    }

    /** Refuses, saying how to reserve them, when fewer than {@code pages} are available. */
    public static void requireFree(long pages, String what) {
        long free = available();
        if (free < pages) {
            throw LiveRefusal.badOption(what + " needs " + pages + " free hugetlb page(s) of "
                    + FioUnits.humanBytes(pageSize()) + ", and " + free + " are free; reserve them as root (echo "
                    + Math.max(64, pages) + " > /proc/sys/vm/nr_hugepages, as bench/live-vs-fio.sh does) or compare"
                    + " 4 KiB pages with --iomem pages");
        }
    }

    private static long field(String key) {
        try {
            List<String> lines = Files.readAllLines(MEMINFO);
            for (String line : lines) {
                if (line.startsWith(key)) {
                    String v = line.substring(key.length()).trim();
                    int space = v.indexOf(' ');
                    return Long.parseLong(space < 0 ? v : v.substring(0, space));
                }
            }
        } catch (IOException | NumberFormatException e) {
            return -1;
        }
        return -1;
    }
}
