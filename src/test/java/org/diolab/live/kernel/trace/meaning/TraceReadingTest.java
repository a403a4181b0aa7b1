package org.diolab.live.kernel.trace.meaning;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.diolab.live.kernel.trace.Fixtures;
import org.diolab.live.kernel.trace.text.DevNum;
import org.diolab.live.kernel.trace.text.FtraceParser;
import org.junit.jupiter.api.Test;

class TraceReadingTest {
    private static final LabDevices RAID1 = new LabDevices(
            Map.of(new DevNum(7, 0), "loop0: leg 0", new DevNum(7, 1), "loop1: leg 1"),
            Map.of(new DevNum(0, 41), "btrfs raid1"));

    @Test
    void theKernelLogsClockIsTheTraceClockWithinTheProbesBracket() throws Exception {
        ClockAlignment a = ClockAlignment.fromRecording(
                        FtraceParser.parse(Fixtures.lines("false-csum-read.ftrace.txt")),
                        Fixtures.kmsg("false-csum-read.kmsg.txt"))
                .orElseThrow();
        // markers at 2533.152975 and 2533.154467, the kmsg line stamped 2533.154419: inside, so no offset is needed
        assertThat(Math.abs(a.offsetNanos())).isLessThanOrEqualTo(a.errorNanos());
        assertThat(a.errorNanos()).isEqualTo(747_000L);
    }

    @Test
    void aProbeMovesLogTimesByTheMiddleOfItsBracket() {
        ClockAlignment a = ClockAlignment.fromProbe(10_000_000, 9_960, 10_002_000);
        assertThat(a.offsetNanos()).isEqualTo(41_000);
        assertThat(a.traceNanos(new KernelLogLine(9_960, "x"))).isEqualTo(10_001_000);
        assertThat(a.how()).contains("+41 µs");
    }

    @Test
    void aNowaitReadThatReturnsEagainHasNoDeviceRequest() {
        List<String> text = new Lines()
                .mark("dio-lab-reader", 50, 999_000, "thread 0 role=reader")
                .mark("dio-lab-reader", 50, 1_000_000, "read-begin 1 off=0 len=65536 file=datasum")
                .at(
                        "dio-lab-reader",
                        50,
                        1_000_005,
                        "iomap_dio_rw_begin",
                        "dev 0:41 ino 0x101 size 0x4000000 offset 0x0 length 0x10000 done_before 0x0 flags NOWAIT|DIRECT"
                                + " dio_flags DIO_PARTIAL aio 0")
                .at(
                        "dio-lab-reader",
                        50,
                        1_000_009,
                        "iomap_dio_complete",
                        "dev 0:41 ino 0x101 size 0x4000000 offset 0x0 flags NOWAIT|DIRECT aio 0 error -11 ret -11")
                .mark("dio-lab-reader", 50, 1_000_012, "read-end 1 ret=-11")
                .lines();
        TraceReading r = TraceReading.of(FtraceParser.parse(text), RAID1, List.of(), ClockAlignment.sameClock());
        Failure f = FailurePicker.pick(r).getFirst();
        assertThat(f.kind()).isEqualTo(FailureKind.EAGAIN);
        assertThat(f.of(Step.DMA)).isEmpty();
        assertThat(f.of(Step.SUBMIT))
                .singleElement()
                .satisfies(m -> assertThat(m.detail()).endsWith("(NOWAIT)"));
        assertThat(f.columns()).extracting(Column::label).containsExactly("reader (50)");
    }

    @Test
    void aWritesStretchRunsOnToTheWritebackOfEachLeg() {
        List<String> text = new Lines()
                .mark("dio-lab-writer", 60, 2_000_000, "thread 0 role=writer")
                .mark("dio-lab-writer", 60, 2_000_010, "write-begin 1 off=0 len=65536 file=nodatasum")
                .at("dio-lab-writer", 60, 2_000_020, "writeback_dirty_folio", "bdi btrfs-41: ino=257 index=0")
                .mark("dio-lab-writer", 60, 2_000_030, "write-end 1 ret=65536")
                .at("kworker/u8:1", 70, 2_100_000, "block_rq_issue", "7,0 WS 65536 () 2048 + 128 be,0,4 [kworker/u8:1]")
                .at("kworker/u8:1", 70, 2_100_001, "block_rq_issue", "7,1 WS 65536 () 2048 + 128 be,0,4 [kworker/u8:1]")
                .at("ksoftirqd/0", 14, 2_100_300, "block_rq_complete", "7,0 WS () 2048 + 128 be,0,4 [0]")
                .at("ksoftirqd/0", 14, 2_100_500, "block_rq_complete", "7,1 WS () 2048 + 128 be,0,4 [0]")
                .at("ksoftirqd/0", 14, 2_900_000, "block_rq_complete", "7,1 WS () 4096 + 128 be,0,4 [0]")
                .mark("dio-lab-writer", 60, 3_000_000, "note 0 what=legs-differ off=4096") // the write covered it
                .lines();
        TraceReading r = TraceReading.of(FtraceParser.parse(text), RAID1, List.of(), ClockAlignment.sameClock());
        Failure f = FailurePicker.samples(r, 1).getFirst();
        assertThat(f.toNanos()).isEqualTo(2_100_500_000L); // the later of the two legs' first write completions
        assertThat(f.of(Step.DIRTY))
                .singleElement()
                .satisfies(m -> assertThat(m.detail()).isEqualTo("dirtied folio 0 of inode 257"));
        assertThat(f.of(Step.DMA)).extracting(m -> m.column().label()).containsExactly("loop0: leg 0", "loop1: leg 1");
        assertThat(f.columns())
                .extracting(Column::label)
                .containsExactly("writer (60)", "loop0: leg 0", "loop1: leg 1");
        Failure legs = FailurePicker.pick(r).getFirst();
        assertThat(legs.kind()).isEqualTo(FailureKind.LEGS_DIFFER);
        assertThat(legs.call().orElseThrow().describe()).isEqualTo("write 65536 B at 0 of nodatasum → 65536 bytes");
    }

    @Test
    void aChecksumFailureInTheLogOutsideAnyFailedCallIsAFailureOfItsOwn() {
        List<String> text = new Lines()
                .at("kworker/0:1", 9, 5_000_000, "block_rq_complete", "7,0 R () 2048 + 8 be,0,4 [0]")
                .lines();
        TraceReading r = TraceReading.of(
                FtraceParser.parse(text),
                RAID1,
                List.of(new KernelLogLine(5_000_100, "BTRFS warning (device loop0): csum failed root 5 ino 257 off 0")),
                ClockAlignment.sameClock());
        Failure f = FailurePicker.pick(r).getFirst();
        assertThat(f.kind()).isEqualTo(FailureKind.CSUM_LOG);
        assertThat(f.moments()).extracting(Moment::step).containsExactly(Step.END_IO, Step.VERIFY_MISMATCH);
    }
}
