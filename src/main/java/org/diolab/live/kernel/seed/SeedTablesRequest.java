package org.diolab.live.kernel.seed;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import org.diolab.live.kernel.lab.KernelLabRefusal;

/**
 * Which seeds' tables to re-measure, where, and at what scale.
 *
 * @param seeds   "S000", "S003", "S002", "S004" (all when empty), in {@link SeedCatalog#SEEDS}' order
 * @param dir     scratch directory for the lab's images and mount points
 * @param size    each test file (the seeds used 4 to 20 GiB)
 * @param runtime each run, time-based (the seeds: 60 s, 600 s, or one pass)
 * @param sweep   first remove what ended lab runs left in the directory (false for {@code --no-sweep})
 */
public record SeedTablesRequest(List<String> seeds, Path dir, long size, Duration runtime, boolean sweep) {
    public static final long DEFAULT_SIZE = 1L << 30;
    public static final Duration DEFAULT_RUNTIME = Duration.ofSeconds(10);

    public SeedTablesRequest {
        List<String> upper = seeds.stream().map(s -> s.toUpperCase(Locale.ROOT)).toList();
        for (String s : upper) {
            if (!SeedCatalog.SEEDS.contains(s)) {
                throw new KernelLabRefusal(
                        KernelLabRefusal.Reason.BAD_OPTION,
                        "unknown seed '" + s + "'; choose from " + String.join(", ", SeedCatalog.SEEDS));
            }
        }
        seeds = upper.isEmpty()
                ? SeedCatalog.SEEDS
                : SeedCatalog.SEEDS.stream().filter(upper::contains).toList();
        if (size < (16L << 20) || size > (16L << 30) || size % (1L << 20) != 0) {
            throw new KernelLabRefusal(
                    KernelLabRefusal.Reason.BAD_OPTION, "--size must be whole MiB between 16m and 16g, e.g. --size 1g");
        }
        if (runtime.compareTo(Duration.ofMillis(200)) < 0 || runtime.compareTo(Duration.ofSeconds(600)) > 0) {
            throw new KernelLabRefusal(
                    KernelLabRefusal.Reason.BAD_OPTION, "--runtime must be between 200ms and 600s, e.g. --runtime 10s");
        }
    }

    /** Each image: two files of {@code size} (nodatasum and checksummed) plus metadata and churn. Sparse anyway. */
    long imageBytes() {
        return Math.max(1L << 30, 3 * size + (256L << 20));
    }
}
