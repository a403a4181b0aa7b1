package org.diolab.live.kernel;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.diolab.live.kernel.evidence.BtrfsCounters;
import org.diolab.live.kernel.evidence.LastingState;
import org.diolab.live.kernel.scenario.Lasting;
import org.diolab.live.kernel.scenario.Scenario;
import org.diolab.live.kernel.scenario.ScenarioResult;

/**
 * Keeps the lab's word about a user's btrfs ({@code --mount}): says before a run what it will change there for good
 * and what runs on a btrfs of the lab's own instead, and after each scenario by how much the volume really changed,
 * from its own counters and settings read before and after ({@link LastingState}). A change the scenario's registry
 * entry does not declare ({@link Scenario#lasting()}), or one it made without the user's consent, is also left
 * behind, so the run exits 1 and says so.
 */
final class LastingGuard {
    private LastingGuard() {}

    /** One sentence per scenario of {@code req} that would change the user's btrfs for good; empty without --mount. */
    static List<String> beforehand(KernelLabRequest req, Set<Scenario> labVolumeInstead) throws IOException {
        List<String> out = new ArrayList<>();
        if (req.mount().isEmpty()) {
            return out;
        }
        Path m = req.mount().get().toRealPath();
        String now = counters(LastingState.of(m));
        for (Scenario s : req.scenarios()) {
            if (!s.changesAUsersVolume()) {
                continue;
            }
            String what = s.lasting().stream()
                    .filter(Lasting::changesTheVolume)
                    .map(Lasting::what)
                    .collect(Collectors.joining(" and "));
            out.add(
                    labVolumeInstead.contains(s)
                            ? s.id() + " runs on a btrfs of the lab's own (a sparse loop image in " + m
                                    + ", removed at the end), not on your btrfs at " + m + ": there it would raise "
                                    + what + " for good; --allow-error-counters runs it on yours"
                            : s.id() + " will raise " + what + " of your btrfs at " + m + " (now " + now + "): "
                                    + Lasting.ERROR_COUNTERS.why() + "; you gave --allow-error-counters, and the"
                                    + " report says by how much each counter rose");
        }
        return out;
    }

    /** The user's btrfs's lasting state now, before a scenario; empty without --mount. */
    static Optional<LastingState> read(KernelLabRequest req) throws IOException {
        return req.mount().isEmpty()
                ? Optional.empty()
                : Optional.of(LastingState.of(req.mount().get().toRealPath()));
    }

    /**
     * Compares the user's btrfs after scenario {@code s} with {@code before}: what changed goes to {@code changed}
     * (one line each, with the way back where there is one), and what {@code s} did not declare, or changed without
     * consent, to {@code leftBehind} too. Returns the result, with a note when it ran on the lab's own btrfs instead.
     */
    static ScenarioResult after(
            Scenario s,
            boolean labVolumeInstead,
            LastingState before,
            ScenarioResult result,
            List<String> changed,
            List<String> leftBehind)
            throws IOException {
        LastingState now = LastingState.of(Path.of(before.where()));
        List<LastingState.Change> changes = before.changesTo(now);
        String where = "your btrfs at " + before.where();
        List<String> declared = new ArrayList<>();
        for (LastingState.Change c : changes) {
            boolean ok = !labVolumeInstead
                    && c.kind() == LastingState.Kind.COUNTER
                    && s.lasting().contains(Lasting.ERROR_COUNTERS);
            if (ok) {
                declared.add(c.describe());
            } else {
                String line = s.id() + " changed " + where + " although "
                        + (labVolumeInstead
                                ? "it ran on a btrfs of the lab's own"
                                : "its registry entry does not declare it")
                        + ": " + c.describe();
                changed.add(line);
                leftBehind.add(line);
            }
        }
        if (!declared.isEmpty()) {
            long earlier = BtrfsCounters.sum(before.counters());
            changed.add(s.id() + " changed " + where + ": " + String.join("; ", declared) + "; btrfs device stats -z "
                    + before.where() + " zeroes all five counters of every device"
                    + (earlier > 0 ? String.format(" (the %,d counted before this run with them)", earlier) : ""));
        } else if (changes.isEmpty()) {
            changed.add(s.id() + " left " + where + " as it was: device error counters (" + counters(now)
                    + "), settings and scrub record");
        }
        if (!labVolumeInstead) {
            return result;
        }
        List<String> limits = new ArrayList<>(result.limits());
        limits.add("ran on a btrfs of the lab's own, not on " + where + ", because there it would raise "
                + Lasting.ERROR_COUNTERS.what() + " for good (--allow-error-counters runs it there)");
        return new ScenarioResult(
                result.scenario(),
                result.outcome(),
                result.verdict(),
                result.mechanism(),
                result.setup(),
                result.evidence(),
                result.kernelLog(),
                result.references(),
                limits,
                result.millis());
    }

    /** "devid 1: write_io_errs 0, read_io_errs 0, ..." per device. */
    private static String counters(LastingState s) {
        Map<String, List<String>> byDevice = new LinkedHashMap<>();
        s.counters().forEach((k, v) -> {
            String[] w = k.split(" ");
            byDevice.computeIfAbsent(w[0] + " " + w[1], x -> new ArrayList<>()).add(w[2] + " " + v);
        });
        if (byDevice.isEmpty()) {
            return "unreadable: no /sys/fs/btrfs entry for it";
        }
        return byDevice.entrySet().stream()
                .map(e -> e.getKey() + ": " + String.join(", ", e.getValue()))
                .collect(Collectors.joining("; "));
    }
}
