package org.diolab.live.kernel.trace;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The bounded window on the recorded false-csum-read text, fed line by line as the pipe reader would. */
class TraceWindowTest {
    private static final int HEADER = 8;

    @Test
    void keepsTheFailedReadsFromTheirBeginAndCountsEverything() throws Exception {
        List<String> lines = body();
        TraceWindow w = new TraceWindow(new WindowPolicy(0, 10_000, 0, 0, 8, 10_000, 0));
        lines.forEach(w::line);
        TraceWindow.Kept k = w.finish();
        assertThat(k.stats().calls()).isEqualTo(3);
        assertThat(k.stats().eio()).isEqualTo(3);
        assertThat(k.stats().windows()).isEqualTo(3);
        assertThat(k.stats().linesRead()).isEqualTo(lines.size());
        assertThat(k.lines().getFirst()).contains("dio-lab read-begin 13 ");
        assertThat(k.lines().getLast()).contains("dio-lab read-end 15 ret=-5");
        assertThat(k.lines()).noneMatch(l -> l.contains("read-begin 1 "));
    }

    @Test
    void keepsNoMoreWindowsThanAllowedAndSaysHowManyItLeftOut() throws Exception {
        TraceWindow w = new TraceWindow(new WindowPolicy(0, 10_000, 0, 0, 1, 10_000, 0));
        body().forEach(w::line);
        TraceWindow.Kept k = w.finish();
        assertThat(k.stats().windows()).isEqualTo(1);
        assertThat(k.stats().failuresNotKept()).isEqualTo(2);
        assertThat(k.lines().getLast()).contains("read-end 13 ret=-5");
    }

    @Test
    void aWindowIsCutToItsLimitAndTheRingsReach() throws Exception {
        TraceWindow w = new TraceWindow(new WindowPolicy(0, 50, 0, 0, 8, 20, 0));
        body().forEach(w::line);
        TraceWindow.Kept k = w.finish();
        assertThat(k.lines().size()).isLessThanOrEqualTo(3 * 20);
        assertThat(k.gaps()).isPositive();
    }

    @Test
    void headAndTailAreKeptWhateverHappened() throws Exception {
        List<String> lines = body();
        TraceWindow w = new TraceWindow(new WindowPolicy(5, 100, 0, 0, 0, 10, 5));
        lines.forEach(w::line);
        TraceWindow.Kept k = w.finish();
        assertThat(k.lines())
                .containsExactlyElementsOf(java.util.stream.Stream.concat(
                                lines.subList(0, 5).stream(), lines.subList(lines.size() - 5, lines.size()).stream())
                        .toList());
        assertThat(k.gaps()).isEqualTo(1);
        assertThat(k.stats().linesKept()).isEqualTo(10);
    }

    @Test
    void lostEventLinesAreCounted() throws Exception {
        TraceWindow w = new TraceWindow(WindowPolicy.DEFAULT);
        Fixtures.lines("trace-pipe-lost.txt").forEach(w::line);
        assertThat(w.finish().stats().lostLines()).isEqualTo(3749);
    }

    @Test
    void eachPhaseIsKeptFromItsMarkerAndItsEventsAreCountedOnTheirOwn() throws Exception {
        List<String> lines = new java.util.ArrayList<>();
        lines.add(phase("direct_writes_to_RAID1"));
        lines.add(event("writeback_dirty_folio", "bdi btrfs-40: ino=257 index=0"));
        lines.add(event("block_rq_complete", "7,0 WS () 2048 + 128 be,0,4 [0]"));
        lines.add(event("block_rq_complete", "7,1 WS () 2048 + 128 be,0,4 [0]"));
        for (int i = 0; i < 50; i++) {
            lines.add(event("writeback_dirty_folio", "bdi btrfs-40: ino=257 index=" + i)); // beyond the phase's lines
        }
        lines.add(phase("control:_SINGLE"));
        lines.add(event("iomap_dio_rw_begin", "dev 0:41 ino 0x101 size 0 offset 0 length 65536 flags DIRECT"));
        lines.add(event("block_rq_complete", "7,2 WS () 0 + 128 be,0,4 [0]"));
        lines.add(event("contention_begin", "0000000040a25c9d (flags=READ)"));
        TraceWindow w = new TraceWindow(new WindowPolicy(0, 1000, 0, 0, 0, 10, 0, 3, 8));
        lines.forEach(w::line);
        TraceWindow.Kept k = w.finish();
        assertThat(k.lines())
                .containsExactlyElementsOf(
                        java.util.stream.Stream.concat(lines.subList(0, 4).stream(), lines.subList(54, 58).stream())
                                .toList());
        assertThat(k.stats().phaseEvents())
                .containsOnlyKeys("", "direct writes to RAID1", "control: SINGLE")
                .containsEntry(
                        "direct writes to RAID1",
                        java.util.Map.of(
                                "writeback_dirty_folio",
                                51L,
                                "block_rq_complete 7,0 W",
                                1L,
                                "block_rq_complete 7,1 W",
                                1L))
                .containsEntry(
                        "control: SINGLE",
                        java.util.Map.of(
                                "iomap_dio_rw_begin", 1L, "block_rq_complete 7,2 W", 1L, "contention_begin READ", 1L));
    }

    private static String phase(String name) {
        return " dio-lab-lab-100     [000] .....  100.000001: tracing_mark_write: dio-lab phase 0 name=" + name;
    }

    private static String event(String name, String body) {
        return "    kworker/u8:2-44      [001] .....  100.000002: " + name + ": " + body;
    }

    private static List<String> body() throws Exception {
        List<String> all = Fixtures.lines("false-csum-read.ftrace.txt");
        return all.subList(HEADER, all.size());
    }
}
