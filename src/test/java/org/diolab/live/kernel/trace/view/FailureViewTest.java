package org.diolab.live.kernel.trace.view;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.diolab.live.kernel.trace.Fixtures;
import org.diolab.live.kernel.trace.meaning.ClockAlignment;
import org.diolab.live.kernel.trace.meaning.Column;
import org.diolab.live.kernel.trace.meaning.FailureKind;
import org.diolab.live.kernel.trace.meaning.FailurePicker;
import org.diolab.live.kernel.trace.meaning.Look;
import org.diolab.live.kernel.trace.meaning.Step;
import org.diolab.live.kernel.trace.meaning.TraceReading;
import org.diolab.live.kernel.trace.text.FtraceParser;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The recorded false-csum-read as the app's view will draw it: columns, µs beats, bars, red, and the model beside. */
class FailureViewTest {
    private static TraceStory story;

    @BeforeAll
    static void read() throws Exception {
        TraceReading r = TraceReading.of(
                FtraceParser.parse(Fixtures.lines("false-csum-read.ftrace.txt")),
                Fixtures.DEVICES,
                Fixtures.kmsg("false-csum-read.kmsg.txt"),
                ClockAlignment.sameClock());
        story = TraceStory.of(
                "false-csum-read",
                "A false checksum error",
                "shows",
                "finding",
                FailurePicker.forLook(Look.EIO_READS, r),
                0);
    }

    @Test
    void aFailureDuringWhichTheRingLostEventsSaysHowMany() throws Exception {
        List<String> lines = new java.util.ArrayList<>(Fixtures.lines("false-csum-read.ftrace.txt"));
        // Inside read 13 (the first EIO read, on CPU 0), the reader fell behind on CPU 0: 1234 events lost there.
        int at = lines.indexOf(lines.stream()
                        .filter(l -> l.contains("read-begin 13 "))
                        .findFirst()
                        .orElseThrow())
                + 5;
        lines.add(at, "CPU:0 [LOST 1234 EVENTS]");
        lines.set(2, "# entries-in-buffer/entries-written: 1/1   #P:2"); // the phase-1 header counted kept lines
        TraceReading r = TraceReading.of(
                FtraceParser.parse(lines),
                Fixtures.DEVICES,
                Fixtures.kmsg("false-csum-read.kmsg.txt"),
                ClockAlignment.sameClock());
        TraceStory lossy = TraceStory.of(
                "false-csum-read",
                "A false checksum error",
                "shows",
                "finding",
                FailurePicker.forLook(Look.EIO_READS, r),
                r.lost(),
                r.gaps());
        assertThat(r.lost()).isEqualTo(1234);
        assertThat(lossy.failures()).extracting(FailureView::lostInside).startsWith(1234L, 0L);
        assertThat(story.failures()).extracting(FailureView::lostInside).containsOnly(0L);
    }

    @Test
    void theFirstFailureIsAnEioReadOnItsColumnsWithMicrosecondsFromItsStart() {
        FailureView f = story.first().orElseThrow();
        assertThat(f.index()).isZero();
        assertThat(f.kind()).isEqualTo(FailureKind.EIO_READ);
        assertThat(f.columns())
                .extracting(ViewColumn::label)
                .containsSubsequence("reader (12447)", "loop0: the device", "kernel log");
        assertThat(f.columns())
                .extracting(ViewColumn::index)
                .containsExactly(java.util.stream.IntStream.range(0, f.columns().size())
                        .boxed()
                        .toArray(Integer[]::new));
        Beat first = f.beats().getFirst();
        assertThat(first.micros()).isZero();
        assertThat(first.what()).isEqualTo("tracing_mark_write");
        assertThat(first.step()).isEqualTo(Step.CALL);
        assertThat(f.beats()).isSortedAccordingTo(java.util.Comparator.comparingDouble(Beat::micros));
        assertThat(f.beats().getLast().micros()).isEqualTo(f.durationMicros());
        Beat dma =
                f.beats().stream().filter(b -> b.step() == Step.DMA).findFirst().orElseThrow();
        assertThat(f.columns().get(dma.column()).kind()).isEqualTo(Column.Kind.DEVICE);
        assertThat(dma.fields()).containsEntry("rwbs", "RS").containsKey("sector");
        assertThat(dma.atMicros()).isEqualTo(f.origin() + dma.micros(), org.assertj.core.data.Offset.offset(0.01));
        assertThat(dma.modelLabels()).containsExactly("dma");
    }

    @Test
    void theFailureIsRedAndItsCallRequestAndStoresAreBars() {
        FailureView f = story.first().orElseThrow();
        assertThat(f.red())
                .isNotEmpty()
                .allMatch(b -> b.step() == Step.VERIFY_MISMATCH || b.step() == Step.RETURN)
                .anyMatch(b -> b.what().equals("iomap_dio_complete"))
                .anyMatch(b -> b.what().equals("kmsg") && b.detail().contains("csum failed"));
        Span call = f.spans().stream()
                .filter(s -> s.kind() == Span.Kind.CALL)
                .findFirst()
                .orElseThrow();
        assertThat(call.red()).isTrue();
        assertThat(call.label()).endsWith("→ EIO");
        assertThat(call.fromMicros()).isZero();
        Span request = f.spans().stream()
                .filter(s -> s.kind() == Span.Kind.REQUEST)
                .findFirst()
                .orElseThrow();
        assertThat(request.fromMicros()).isGreaterThan(call.fromMicros());
        assertThat(request.toMicros()).isLessThan(call.toMicros());
        assertThat(f.spans())
                .filteredOn(s -> s.kind() == Span.Kind.STORE)
                .as("the scribbler's passes while the request ran")
                .anyMatch(s -> s.fromMicros() < request.toMicros() && s.toMicros() > request.fromMicros());
    }

    @Test
    void stepsLeaveOutTheSchedulerAndNextAndPreviousWalkThePicks() {
        FailureView f = story.first().orElseThrow();
        assertThat(f.steps()).isNotEmpty().noneMatch(b -> b.step() == Step.OTHER || b.step() == Step.SCHEDULE);
        assertThat(story.failures()).hasSizeGreaterThan(1);
        assertThat(story.next(0)).hasValueSatisfying(n -> assertThat(n.index()).isEqualTo(1));
        assertThat(story.previous(1))
                .hasValueSatisfying(p -> assertThat(p.index()).isZero());
        assertThat(story.next(story.failures().size() - 1)).isEmpty();
        assertThat(story.previous(0)).isEmpty();
    }

    @Test
    void theModelsStepsLineUpWithTheKernelsEventsInOrder() {
        FailureView f = story.first().orElseThrow();
        // The zero-copy run of the lesson, by its steps' labels (pin cannot be seen in a trace).
        List<String> model = List.of("pin", "build-bio", "submit", "dma", "store", "end-io", "verify", "return");
        ModelAlignment a = ModelAlignment.align(model, f);
        assertThat(a.beatFor(0)).as("pin").isEmpty();
        for (int i = 1; i < model.size(); i++) {
            int step = i;
            assertThat(a.beatFor(step)).as(model.get(step)).isPresent();
            assertThat(f.beats().get(a.beatFor(step).getAsInt()).modelLabels())
                    .as(model.get(step))
                    .contains(model.get(step));
        }
        List<Integer> matched = a.beatOf().stream().filter(b -> b >= 0).toList();
        assertThat(matched).isSorted();
        assertThat(a.matched()).isEqualTo(model.size() - 1);
        assertThat(a.stepFor(a.beatFor(3).orElseThrow())).hasValue(3);
    }
}
