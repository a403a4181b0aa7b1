package org.diolab.live.kernel.trace;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.diolab.live.kernel.trace.text.FtraceParser;
import org.diolab.live.kernel.trace.text.LabMark;
import org.diolab.live.kernel.trace.text.MarkKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the control side reads and writes, on plain files shaped like tracefs's. */
class TraceControlFilesTest {
    @Test
    void aCpusRingStatsAreRead() {
        BufferStats s = BufferStats.parse("entries: 77\noverrun: 3269\ncommit overrun: 0\nbytes: 4000\n"
                + "oldest event ts:  2555.931773\nnow ts:  2556.000000\ndropped events: 2\nread events: 10\n");
        assertThat(s).isEqualTo(new BufferStats(77, 3269, 0, 2, 10));
        assertThat(s.lost()).isEqualTo(3271);
    }

    @Test
    void theRingsOverrunAndThePipesLostLinesAreTheSameEventsCountedOnce() throws Exception {
        TraceWindow w = new TraceWindow(WindowPolicy.DEFAULT);
        Fixtures.lines("trace-pipe-lost.txt").forEach(w::line); // LOST 480 on CPU 1, LOST 3269 on CPU 0
        TraceWindow.Kept kept = w.finish();
        assertThat(kept.stats().lostLines()).isEqualTo(3749);
        TraceResult sameCount = result(kept, new BufferStats(0, 3749, 0, 0, 5));
        assertThat(sameCount.lost()).as("overrun and LOST lines are one count").isEqualTo(3749);
        // overwrites after the reader's last page are in the ring's count only; commit overruns and drops add
        assertThat(result(kept, new BufferStats(0, 4000, 3, 2, 5)).lost()).isEqualTo(4005);
        assertThat(FtraceParser.parse(sameCount.ftraceText()).lostCount())
                .as("the file read back: its header and its kept LOST lines, once")
                .isEqualTo(3749);
    }

    private static TraceResult result(TraceWindow.Kept kept, BufferStats buffer) {
        return new TraceResult(
                "ext4-convoy",
                "dio-lab-test",
                new TraceInstance.Configured(List.of("sched:sched_switch"), List.of()),
                kept.lines(),
                kept.gaps(),
                kept.stats(),
                buffer,
                "perf",
                0,
                0,
                true);
    }

    @Test
    void allCpusRingsAreSummed(@TempDir Path perCpu) throws Exception {
        for (int cpu = 0; cpu < 2; cpu++) {
            Path d = Files.createDirectories(perCpu.resolve("cpu" + cpu));
            Files.writeString(d.resolve("stats"), "entries: 1\noverrun: " + (cpu + 1) + "\n");
        }
        assertThat(BufferStats.read(perCpu)).isEqualTo(new BufferStats(2, 3, 0, 0, 0));
    }

    @Test
    void aResourceIsOneManifestLineAndReadsBack() {
        TraceResource r = new TraceResource(
                TraceResource.Kind.TRACE_INSTANCE,
                Path.of("/sys/kernel/tracing/instances/dio-lab-0a1b2c3d4e5f"),
                "0a1b2c3d4e5f");
        assertThat(r.manifestLine())
                .isEqualTo("trace-instance 0a1b2c3d4e5f /sys/kernel/tracing/instances/dio-lab-0a1b2c3d4e5f");
        assertThat(TraceResource.parse(r.manifestLine())).contains(r);
        assertThat(TraceResource.parse("loop /dev/loop0 x.img")).isEmpty();
    }

    @Test
    void instanceNamesAreTheSessionsAndNothingElse() {
        assertThat(TraceInstance.nameFor("0a1b2c3d4e5f")).isEqualTo("dio-lab-0a1b2c3d4e5f");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> TraceInstance.nameFor("../x"))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aMarkersLinesParseBackAsTheLabsMarks(@TempDir Path dir) throws Exception {
        Path file = Files.createFile(dir.resolve("trace_marker"));
        try (TraceMarker m = TraceMarker.open(file, "reader")) {
            m.readBegin(13, 55443456, 65536, "datasum");
            m.readEnd(13, -5);
            m.storeBegin(343, 148);
            m.storeEnd(343);
            m.writeEnd(2, Long.MIN_VALUE);
            assertThat(m.lines()).isEqualTo(6);
        }
        List<LabMark> marks = Files.readAllLines(file).stream()
                .map(l -> LabMark.parse(l).orElseThrow())
                .toList();
        assertThat(marks)
                .extracting(LabMark::format)
                .containsExactly(
                        "dio-lab thread 0 role=reader",
                        "dio-lab read-begin 13 off=55443456 len=65536 file=datasum",
                        "dio-lab read-end 13 ret=-5",
                        "dio-lab store-begin 343 byte=148",
                        "dio-lab store-end 343",
                        "dio-lab write-end 2 ret=-9223372036854775808");
        assertThat(marks.get(2).kind()).isEqualTo(MarkKind.READ_END);
    }

    @Test
    void aMarkerAfterCloseDropsItsLinesAndCountsThem(@TempDir Path dir) throws Exception {
        Path file = Files.createFile(dir.resolve("trace_marker"));
        TraceMarker m = TraceMarker.open(file, "scribbler");
        m.close();
        m.storeBegin(1, 1);
        assertThat(m.failures()).isEqualTo(1);
        assertThat(Files.readAllLines(file)).containsExactly("dio-lab thread 0 role=scribbler");
    }

    @Test
    void aMarkerIsItsThreadsOwn(@TempDir Path dir) throws Exception {
        Path file = Files.createFile(dir.resolve("trace_marker"));
        try (TraceMarker m = TraceMarker.open(file, "reader")) {
            Throwable[] thrown = new Throwable[1];
            Thread t = new Thread(() -> {
                try {
                    m.readEnd(1, 0);
                } catch (IllegalStateException e) {
                    thrown[0] = e;
                }
            });
            t.start();
            t.join();
            assertThat(thrown[0]).hasMessageContaining("open one per thread");
        }
    }

    @Test
    void theRecordedTextAndItsHeaderAreWhatTheRawExportWrites() throws Exception {
        List<String> fixture = Fixtures.lines("false-csum-read.ftrace.txt");
        assertThat(FtraceParser.parse(fixture).header().tracer()).isEqualTo("nop");
        assertThat(fixture.get(4)).startsWith("# dio-lab: scenario false-csum-read, instance dio-lab-fixture");
    }
}
