package org.diolab.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import org.diolab.live.job.FioUnits;
import org.diolab.live.scratch.SweepReport;

/** What the CLI says about the scratch directory's housekeeping. */
final class ScratchMessages {
    private ScratchMessages() {}

    /**
     * "removed 3 item(s), 2.0 MiB, left in DIR by ended DIO Lab runs: 2 file(s) (a, b), 1 lock file(s) (c)", every
     * name counted once under what it is, or nothing when the sweep removed nothing.
     */
    static Optional<String> sweep(SweepReport r, Path dir) {
        if (r.removed().isEmpty()) {
            return Optional.empty();
        }
        List<String> parts = new ArrayList<>();
        part(parts, "file(s)", r.removed(), x -> !x.lockFile() && !x.directory());
        part(parts, "directory(ies)", r.removed(), SweepReport.Removed::directory);
        part(parts, "lock file(s)", r.removed(), SweepReport.Removed::lockFile);
        return Optional.of("dio-lab: removed " + r.removed().size() + " item(s), "
                + FioUnits.humanBytes(r.bytesRemoved()) + ", left in " + dir + " by ended DIO Lab runs: "
                + String.join(", ", parts) + " (--no-sweep keeps them)");
    }

    private static void part(
            List<String> parts, String what, List<SweepReport.Removed> all, Predicate<SweepReport.Removed> which) {
        List<String> names =
                all.stream().filter(which).map(SweepReport.Removed::name).toList();
        if (!names.isEmpty()) {
            parts.add(names.size() + " " + what + " (" + String.join(", ", names) + ")");
        }
    }
}
