package org.diolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/** kernel-lab's and seed-tables' progress: one "[ NN%] who: step" line per change, none repeated. */
class LabProgressLinesTest {
    @Test
    void aLineIsPrintedOnceUntilWhatItSaysChanges() {
        StringWriter err = new StringWriter();
        LabProgressLines lines = new LabProgressLines(new PrintWriter(err));
        lines.print(0.05, "seed-tables", "S000: building btrfs");
        lines.print(0.051, "seed-tables", "S000: building btrfs"); // rounds to the same 5%
        lines.print(0.4, "raid1-divergence", "direct writes to RAID1 while the buffer changes");
        lines.print(1, "raid1-divergence", "done");
        assertThat(err.toString().lines())
                .containsExactly(
                        "[  5%] seed-tables: S000: building btrfs",
                        "[ 40%] raid1-divergence: direct writes to RAID1 while the buffer changes",
                        "[100%] raid1-divergence: done");
    }
}
