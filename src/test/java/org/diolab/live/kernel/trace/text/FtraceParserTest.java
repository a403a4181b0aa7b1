package org.diolab.live.kernel.trace.text;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.diolab.live.kernel.trace.Fixtures;
import org.junit.jupiter.api.Test;

/** The parser on text this kernel printed (see {@link Fixtures}). */
class FtraceParserTest {
    @Test
    void readsTheHeaderOfTheKernelsTraceFile() throws Exception {
        FtraceText t = FtraceParser.parse(Fixtures.lines("trace-file-header.txt"));
        assertThat(t.header()).isEqualTo(new TraceHeader("nop", 22, 22, 2));
        assertThat(t.header().overwritten()).isZero();
        assertThat(t.unparsed()).isZero();
        assertThat(t.events()).hasSize(12);
    }

    @Test
    void decodesTheLabsMarkersAndSomeoneElsesAsPlainPrints() throws Exception {
        List<TraceEvent> ev =
                FtraceParser.parse(Fixtures.lines("trace-file-header.txt")).events();
        TraceEvent lab = ev.get(0);
        assertThat(lab.task()).isEqualTo("bash");
        assertThat(lab.pid()).isEqualTo(13053);
        assertThat(lab.cpu()).isZero();
        assertThat(lab.flags()).isEqualTo("...1.");
        assertThat(lab.nanos()).isEqualTo(2562_165624_000L);
        assertThat(lab.name()).isEqualTo("tracing_mark_write");
        assertThat(lab.mark()).contains(new LabMark(MarkKind.PHASE, 0, java.util.Map.of("name", "race")));
        assertThat(ev.get(1).payload()).isEqualTo(new Payload.Print("hello from someone else"));
    }

    @Test
    void decodesLockContentionWithTheTasksCommHoldingASpace() throws Exception {
        TraceEvent begin = FtraceParser.parse(Fixtures.lines("trace-file-header.txt"))
                .events()
                .get(2);
        assertThat(begin.task()).isEqualTo("C1 CompilerThre");
        assertThat(begin.pid()).isEqualTo(12955);
        assertThat(begin.inInterrupt()).isTrue(); // dNs5: in a softirq
        assertThat(begin.payload()).isEqualTo(new Payload.Contention(true, "0000000040a25c9d", "SPIN", 0));
        TraceEvent end = FtraceParser.parse(Fixtures.lines("trace-file-header.txt"))
                .events()
                .get(3);
        assertThat(end.payload()).isEqualTo(new Payload.Contention(false, "0000000040a25c9d", "", 0));
    }

    @Test
    void readsTracePipeTextWithLostEventsAndSchedSwitches() throws Exception {
        FtraceText t = FtraceParser.parse(Fixtures.lines("trace-pipe-lost.txt"));
        assertThat(t.header()).isEqualTo(TraceHeader.NONE);
        assertThat(t.lost()).containsExactly(new LostEvents(1, 480, 0), new LostEvents(0, 3269, 10));
        assertThat(t.lostCount()).isEqualTo(3749);
        assertThat(t.events()).hasSize(14);
        assertThat(t.events().get(1).payload())
                .isEqualTo(new Payload.Switch("C1 CompilerThre", 12824, "S", "C2 CompilerThre", 12823));
    }

    @Test
    void decodesTheBlockAndIomapEventsOfAFalseChecksumRead() throws Exception {
        FtraceText t = FtraceParser.parse(Fixtures.lines("false-csum-read.ftrace.txt"));
        assertThat(t.unparsed()).isZero();
        assertThat(t.header().entriesWritten()).isEqualTo(55_699);
        TraceEvent begin = first(t, "iomap_dio_rw_begin", 2533_280291_000L);
        assertThat(begin.payload())
                .isEqualTo(new Payload.DioBegin(
                        new DevNum(0, 40), 0x101, 0x4000000, 0x34e0000, 0x10000, "DIRECT", "DIO_PARTIAL", false));
        assertThat(first(t, "block_bio_queue", 2533_280337_000L).payload())
                .isEqualTo(new Payload.BioQueued(new DevNum(7, 0), "RS", 393728, 128, "dio-lab-reader"));
        assertThat(first(t, "block_rq_issue", 2533_280349_000L).payload())
                .isEqualTo(new Payload.BlockRequest(new DevNum(7, 0), "RS", 393728, 128, 65536, 0, "dio-lab-reader"));
        TraceEvent failed = t.events().stream()
                .filter(e -> e.payload() instanceof Payload.DioComplete c && c.error() != 0)
                .findFirst()
                .orElseThrow();
        assertThat(failed.payload())
                .isEqualTo(new Payload.DioComplete(
                        new DevNum(0, 40),
                        0x101,
                        0x4000000,
                        0x34e0000,
                        "DIRECT",
                        false,
                        -5,
                        -5)); // a failed read did not move its position
        TraceEvent issueByKworker = t.events().stream()
                .filter(e -> e.task().equals("kworker/1:1H"))
                .findFirst()
                .orElseThrow();
        assertThat(issueByKworker.pid()).isEqualTo(44);
        assertThat(((Payload.BlockRequest) issueByKworker.payload()).rwbs()).isEqualTo("RM");
    }

    @Test
    void aCompletionInASoftirqIsTheDevicesNotTheInterruptedTasks() throws Exception {
        TraceEvent done = FtraceParser.parse(Fixtures.lines("false-csum-read.ftrace.txt")).events().stream()
                .filter(e -> e.name().equals("block_rq_complete"))
                .findFirst()
                .orElseThrow();
        assertThat(done.task()).isEqualTo("C1 CompilerThre"); // whoever was on the CPU when the softirq ran
        assertThat(done.inInterrupt()).isTrue();
        assertThat(done.payload()).isEqualTo(new Payload.BlockRequest(new DevNum(7, 0), "RM", 76224, 32, 16384, 0, ""));
    }

    @Test
    void keepsAnEventWhoseFormatItDoesNotKnowAsFields() {
        TraceEvent e = FtraceParser.event(
                        "   kworker/u8:3-123     [000] .....  10.000001: btrfs_finish_ordered_extent:"
                                + " 4f1c: root=5(FS_TREE) ino=257 start=0 len=65536 uptodate=1",
                        0)
                .orElseThrow();
        assertThat(e.payload()).isInstanceOf(Payload.Fields.class);
        Payload.Fields f = (Payload.Fields) e.payload();
        assertThat(f.number("len", -1)).isEqualTo(65536);
        assertThat(f.values()).containsEntry("root", "5(FS_TREE)").containsEntry("uptodate", "1");
    }

    @Test
    void aLineThatIsNotAnEventIsCountedNotGuessedAt() {
        FtraceText t = FtraceParser.parse(List.of("garbage line", "", "# comment"));
        assertThat(t.events()).isEmpty();
        assertThat(t.unparsed()).isEqualTo(1);
    }

    @Test
    void writesALineBackAsTheKernelPrintsIt() throws Exception {
        String line = Fixtures.lines("false-csum-read.ftrace.txt").get(8);
        TraceEvent e = FtraceParser.event(line, 0).orElseThrow();
        assertThat(e.line()).isEqualTo(line);
    }

    private static TraceEvent first(FtraceText t, String name, long nanos) {
        return t.events().stream()
                .filter(e -> e.name().equals(name) && e.nanos() == nanos)
                .findFirst()
                .orElseThrow();
    }
}
