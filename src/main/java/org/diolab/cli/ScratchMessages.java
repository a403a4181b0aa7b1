package org.diolab.cli;

import java.nio.file.Path;
import java.util.Optional;
import java.util.stream.Collectors;
import org.diolab.live.job.FioUnits;
import org.diolab.live.scratch.SweepReport;

/** What the CLI says about the scratch directory's housekeeping. */
final class ScratchMessages {
    private ScratchMessages() {}

    /** "removed 2 file(s) ... left in DIR by ended DIO Lab runs: names", or nothing when the sweep removed nothing. */
    static Optional<String> sweep(SweepReport r, Path dir) {
        if (r.removed().isEmpty()) {
            return Optional.empty();
        }
        return Optional.of("dio-lab: removed " + r.filesRemoved() + " file(s), " + FioUnits.humanBytes(r.bytesRemoved())
                + ", left in " + dir + " by ended DIO Lab runs: "
                + r.removed().stream().map(SweepReport.Removed::name).collect(Collectors.joining(", "))
                + " (--no-sweep keeps them)");
    }
}
