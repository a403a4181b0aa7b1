package org.diolab.live.kernel.trace.meaning;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.diolab.live.kernel.trace.Fixtures;
import org.diolab.live.kernel.trace.text.FtraceParser;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The failures of a recorded false-csum-read (see {@link Fixtures}): reads 13, 14 and 15 failed with EIO. */
class FailurePickerTest {
    private static TraceReading reading;
    private static List<Failure> failures;

    @BeforeAll
    static void read() throws Exception {
        reading = TraceReading.of(
                FtraceParser.parse(Fixtures.lines("false-csum-read.ftrace.txt")),
                Fixtures.DEVICES,
                Fixtures.kmsg("false-csum-read.kmsg.txt"),
                ClockAlignment.sameClock());
        failures = FailurePicker.pick(reading);
    }

    @Test
    void picksEveryEioReadAndNothingElse() {
        assertThat(failures).extracting(Failure::kind).containsOnly(FailureKind.EIO_READ);
        assertThat(failures).extracting(f -> f.call().orElseThrow().seq()).containsExactly(13L, 14L, 15L);
        assertThat(failures.getFirst().call().orElseThrow().describe())
                .isEqualTo("read 65536 B at 55443456 of datasum → EIO");
    }

    @Test
    void aFailedReadShowsItsSubmitItsDeviceRequestAndTheVerifyMismatch() {
        Failure f = failures.getFirst();
        assertThat(f.of(Step.CALL)).singleElement().extracting(Moment::what).isEqualTo("tracing_mark_write");
        assertThat(f.of(Step.SUBMIT)).extracting(Moment::what).containsExactly("iomap_dio_rw_begin", "block_bio_queue");
        Moment dma = f.of(Step.DMA).getFirst();
        assertThat(dma.column().label()).isEqualTo("loop0: the device");
        assertThat(dma.detail()).isEqualTo("loop0: the device starts: read 65536 B at sector 393728");
        assertThat(f.of(Step.END_IO)).extracting(m -> m.args().get("sector")).contains("393728");
        assertThat(f.of(Step.VERIFY_MISMATCH)).extracting(Moment::what).contains("kmsg", "iomap_dio_complete");
        assertThat(f.of(Step.VERIFY_MISMATCH).stream().filter(m -> m.what().equals("kmsg")))
                .allSatisfy(m -> assertThat(m.detail()).contains("csum failed root 5 ino 257"));
        assertThat(f.of(Step.RETURN)).singleElement().extracting(Moment::detail).isEqualTo("read-end: EIO");
    }

    @Test
    void theScribblersStoresInsideTheReadAreInItsStretch() {
        Failure f = failures.getFirst();
        Moment issue = f.of(Step.DMA).getFirst();
        Moment verify = f.of(Step.VERIFY_MISMATCH).getLast();
        assertThat(f.stores())
                .anySatisfy(s ->
                        assertThat(s.overlaps(issue.nanos(), verify.nanos())).isTrue());
        assertThat(f.of(Step.STORE))
                .isNotEmpty()
                .allSatisfy(m -> assertThat(m.column().label()).startsWith("scribbler"));
    }

    @Test
    void theStretchHasEveryColumnThatTookPartInThePicturesOrder() {
        assertThat(failures.getFirst().columns())
                .extracting(Column::label)
                .containsExactly("reader (12447)", "scribbler (12446)", "loop0: the device", "kernel log");
    }

    @Test
    void theStretchRunsFromTheBeginMarkerToTheEndMarker() {
        Failure f = failures.getFirst();
        assertThat(f.moments().getFirst().step()).isEqualTo(Step.CALL);
        assertThat(f.moments().getLast().step()).isEqualTo(Step.RETURN);
        assertThat(f.moments()).isSortedAccordingTo(java.util.Comparator.comparingLong(Moment::nanos));
        assertThat(f.summary()).startsWith("read failed with EIO: read 65536 B at 55443456 of datasum → EIO, 24067 µs");
    }

    @Test
    void noOrdinaryCallIsLeftToSampleWhenEveryCompleteOneFailed() {
        assertThat(FailurePicker.samples(reading, 3)).isEmpty();
    }

    @Test
    void theReadThatWaitedForTwentyFourMillisecondsIsTheSlowOne() {
        assertThat(FailurePicker.slow(reading, 2.0, 5))
                .singleElement()
                .satisfies(f -> assertThat(f.call().orElseThrow().seq()).isEqualTo(13))
                .satisfies(f -> assertThat(f.kind()).isEqualTo(FailureKind.SLOW));
    }
}
