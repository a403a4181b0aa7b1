package org.diolab.live.kernel;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.diolab.live.kernel.lab.KernelLabRefusal;
import org.diolab.live.kernel.scenario.Scenario;

/**
 * What to run: which scenarios, where, how big and how long.
 *
 * @param dir     scratch directory: the lab's images, loop devices' backing files and mount points go in a
 *                directory of their own inside it
 * @param mount   a btrfs the user mounted, for the file-level scenarios without loop devices ({@code --mount})
 * @param size    the test file of each scenario (its images are sized from it)
 * @param runtime each measured phase; controls run half as long
 * @param sweep   first remove what ended runs left in the directory (killed lab runs' mounts, loop devices and images,
 *                other DIO Lab scratch files; only this user's, from this host, whose lock is free); false for
 *                {@code --no-sweep}
 * @param allowErrorCounters the user consents ({@code --allow-error-counters}) to scenarios that raise the device
 *                error counters of their btrfs ({@link org.diolab.live.kernel.scenario.Lasting#ERROR_COUNTERS})
 *                running on it; without it those run on a volume of the lab's own, or are refused
 */
public record KernelLabRequest(
        List<Scenario> scenarios,
        Path dir,
        Optional<Path> mount,
        long size,
        Duration runtime,
        boolean sweep,
        boolean allowErrorCounters) {
    public static final long DEFAULT_SIZE = 64L << 20;
    public static final Duration DEFAULT_RUNTIME = Duration.ofSeconds(3);
    public static final Duration MIN_RUNTIME = Duration.ofMillis(200);
    public static final Duration MAX_RUNTIME = Duration.ofSeconds(600);

    public KernelLabRequest {
        scenarios = List.copyOf(scenarios.isEmpty() ? List.of(Scenario.values()) : scenarios);
        if (size < (4L << 20) || size > (16L << 30) || size % (1L << 20) != 0) {
            throw new KernelLabRefusal(
                    KernelLabRefusal.Reason.BAD_OPTION,
                    "--size must be whole MiB between 4m and" + " 16g, e.g. --size 64m");
        }
        if (runtime.compareTo(MIN_RUNTIME) < 0 || runtime.compareTo(MAX_RUNTIME) > 0) {
            throw new KernelLabRefusal(
                    KernelLabRefusal.Reason.BAD_OPTION,
                    "--runtime must be between 200ms and" + " 600s, e.g. --runtime 3s");
        }
    }

    /** {@code scenarios} (all when empty) in {@code dir}, with the sweep or not, without consent to raise counters. */
    public KernelLabRequest(
            List<Scenario> scenarios, Path dir, Optional<Path> mount, long size, Duration runtime, boolean sweep) {
        this(scenarios, dir, mount, size, runtime, sweep, false);
    }

    /** {@code scenarios} (all when empty) in {@code dir}, with the sweep. */
    public KernelLabRequest(List<Scenario> scenarios, Path dir, Optional<Path> mount, long size, Duration runtime) {
        this(scenarios, dir, mount, size, runtime, true);
    }

    /** All scenarios in {@code dir} with the default size and runtime. */
    public static KernelLabRequest of(Path dir, List<Scenario> scenarios) {
        return new KernelLabRequest(scenarios, dir, Optional.empty(), DEFAULT_SIZE, DEFAULT_RUNTIME);
    }

    /** The same request without the sweep ({@code --no-sweep}). */
    public KernelLabRequest withoutSweep() {
        return new KernelLabRequest(scenarios, dir, mount, size, runtime, false, allowErrorCounters);
    }

    /**
     * The same request with the user's consent ({@code --allow-error-counters}) to raise the device error counters
     * of the btrfs they gave with --mount ({@link KernelLab#beforehand} says what that changes).
     */
    public KernelLabRequest withErrorCountersAllowed() {
        return new KernelLabRequest(scenarios, dir, mount, size, runtime, sweep, true);
    }

    /** Each lab image: room for copies, metadata and copy-on-write churn on a {@code size} file. Sparse anyway. */
    long imageBytes() {
        return Math.max(1L << 30, 4 * size);
    }
}
