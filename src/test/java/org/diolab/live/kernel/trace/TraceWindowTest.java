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

    private static List<String> body() throws Exception {
        List<String> all = Fixtures.lines("false-csum-read.ftrace.txt");
        return all.subList(HEADER, all.size());
    }
}
