package org.diolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.diolab.live.scratch.SweepReport;
import org.junit.jupiter.api.Test;

/** The sweep's message counts exactly the names it lists, each under what it is. */
class ScratchMessagesTest {
    @Test
    void everyNameListedIsCountedOnceUnderWhatItIs() {
        SweepReport r = new SweepReport(
                List.of(
                        new SweepReport.Removed(".dio-lab-aa-w0-m0", 1 << 20),
                        new SweepReport.Removed(".dio-lab-aa-w1-m0", 1 << 20),
                        new SweepReport.Removed(".dio-lab-bb-work-csum", 0, true),
                        new SweepReport.Removed(".dio-lab-bb-work-csum/datasum", 0),
                        new SweepReport.Removed(".dio-lab-aa.lock", 300),
                        new SweepReport.Removed(".dio-lab-bb.lock", 300)),
                List.of());
        assertThat(ScratchMessages.sweep(r, Path.of("/var/tmp/lab")))
                .hasValue("dio-lab: removed 6 item(s), 2.0 MiB, left in /var/tmp/lab by ended DIO Lab runs: 3 file(s)"
                        + " (.dio-lab-aa-w0-m0, .dio-lab-aa-w1-m0, .dio-lab-bb-work-csum/datasum), 1 directory(ies)"
                        + " (.dio-lab-bb-work-csum), 2 lock file(s) (.dio-lab-aa.lock, .dio-lab-bb.lock) (--no-sweep"
                        + " keeps them)");
        assertThat(r.filesRemoved()).isEqualTo(3);
    }

    @Test
    void nothingRemovedSaysNothing() {
        assertThat(ScratchMessages.sweep(SweepReport.none(), Path.of("/var/tmp/lab")))
                .isEmpty();
    }
}
