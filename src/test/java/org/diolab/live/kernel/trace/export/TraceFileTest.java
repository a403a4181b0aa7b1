package org.diolab.live.kernel.trace.export;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.diolab.live.kernel.trace.Fixtures;
import org.diolab.live.kernel.trace.meaning.ClockAlignment;
import org.diolab.live.kernel.trace.meaning.Failure;
import org.diolab.live.kernel.trace.meaning.FailurePicker;
import org.diolab.live.kernel.trace.meaning.KernelLogLine;
import org.diolab.live.kernel.trace.meaning.Look;
import org.diolab.live.kernel.trace.meaning.TraceReading;
import org.diolab.live.kernel.trace.text.FtraceParser;
import org.diolab.live.kernel.trace.view.TraceStory;
import org.junit.jupiter.api.Test;

/** A trace file reads back to the recording the lab read: the same devices, log lines, moments and failures. */
class TraceFileTest {
    @Test
    void theNotesCarryWhatTheEventsDoNotAndReadBackTheSame() throws Exception {
        List<String> recorded = Fixtures.lines("false-csum-read.ftrace.txt");
        List<KernelLogLine> log = Fixtures.kmsg("false-csum-read.kmsg.txt");
        TraceFile.About about = new TraceFile.About(
                "false-csum-read", "A false checksum error on a direct read", Look.EIO_READS, "each EIO read", "3 EIO");
        List<String> file = new ArrayList<>(recorded.subList(0, 4));
        file.addAll(TraceFile.notes(about, Fixtures.DEVICES, log));
        file.addAll(recorded.subList(4, recorded.size()));

        TraceFile.Contents c = TraceFile.read(file);
        assertThat(c.about()).isEqualTo(about);
        assertThat(c.devices()).isEqualTo(Fixtures.DEVICES);
        assertThat(c.log()).isEqualTo(log);
        assertThat(c.text().unparsed()).isZero();
        TraceReading direct =
                TraceReading.of(FtraceParser.parse(recorded), Fixtures.DEVICES, log, ClockAlignment.sameClock());
        TraceReading back = c.reading();
        assertThat(back.moments()).hasSameSizeAs(direct.moments());
        assertThat(back.columns()).isEqualTo(direct.columns());
        List<Failure> picked = FailurePicker.forLook(Look.EIO_READS, direct);
        assertThat(c.failures(back))
                .extracting(Failure::summary)
                .containsExactlyElementsOf(picked.stream().map(Failure::summary).toList());
        TraceStory story = c.story();
        assertThat(story.scenario()).isEqualTo("false-csum-read");
        assertThat(story.title()).isEqualTo("A false checksum error on a direct read");
        assertThat(story.finding()).isEqualTo("3 EIO");
        assertThat(story.failures()).hasSameSizeAs(picked);
    }

    @Test
    void aKernelLogLineWithSpacesAndAStrangeNoteSurviveAndAreSkipped() {
        TraceFile.Contents c = TraceFile.read(List.of(
                "# dio-lab kmsg 2533280679 BTRFS warning (device loop0): csum failed root 5 ino 257",
                "# dio-lab device block 7:x nonsense",
                "# dio-lab look NO_SUCH_LOOK",
                "# dio-lab something new"));
        assertThat(c.log())
                .containsExactly(
                        new KernelLogLine(2533280679L, "BTRFS warning (device loop0): csum failed root 5 ino 257"));
        assertThat(c.devices().blockDevices()).isEmpty();
        assertThat(c.about().look()).isEqualTo(Look.EIO_READS);
    }
}
