package org.diolab.lesson;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.diolab.engine.Trace;
import org.diolab.engine.op.Operation;
import org.diolab.engine.op.Policy;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The repeat construct (operations and schedule) and the dma#n schedule form, in a lesson of our own. */
class RepeatAndScheduleFormsTest {
    @TempDir
    Path dir;

    private String good;

    @BeforeEach
    void copySources() throws IOException {
        LessonFolder.copySources(dir);
        good = Files.readString(Path.of("lessons", "raid1-mirrors-diverge.yaml"));
    }

    private LessonLibrary check(String text) throws IOException {
        Files.writeString(dir.resolve("x.yaml"), text);
        return LessonLoader.checkPaths(List.of(dir.resolve("x.yaml")));
    }

    @Test
    void aScribblerIsOneRepeatItemWithNumberedBytes() throws IOException {
        String text = good.replace("""
                      - store: {page: B, bytes: "BBBB"}
                """, """
                      - repeat:
                          times: 3
                          ops:
                            - store: {page: B, bytes: "B{n}B{n}"}
                """).replace("  - app2: store\n", "  - {repeat: 2, steps: [app2]}\n");
        LessonLibrary lib = check(text);
        assertThat(lib.broken()).as(lib.broken().toString()).isEmpty();
        Lesson l = lib.lessons().getFirst();
        List<Operation> ops = l.scenario().threads().stream()
                .filter(t -> t.id().equals("app2"))
                .findFirst()
                .orElseThrow()
                .ops();
        assertThat(ops).extracting(o -> ((Operation.Store) o).bytes()).containsExactly("B1B1", "B2B2", "B3B3");
        assertThat(l.schedule()).extracting(e -> e.actor()).containsSubsequence("leg0", "app2", "app2", "leg1");
        Trace t = l.play(Policy.ZERO_COPY);
        // two stores ran between the DMAs: leg1 stored the second one
        assertThat(t.last().state().world().device("leg1").block(0)).isEqualTo("B2B2");
    }

    @Test
    void dmaHashNRunsADeviceUntilItsNthDma() throws IOException {
        // Both readers are served by leg0, after the write completed (a direct read waits for the ordered extent of a
        // write in flight). 'leg0: dma' runs leg0 through its second and third DMA in one line.
        String text = good.replace(
                        "{bio: r1, into: [R1], block: 0, leg: leg1}", "{bio: r1, into: [R1], block: 0, leg: leg0}")
                .replace(
                        "  - leg1: dma\n",
                        "  - leg1: dma\n  - app: end-io\n  - reader0: submit\n"
                                + "  - reader1: submit\n  - leg0: dma#3\n");
        LessonLibrary lib = check(text);
        assertThat(lib.broken()).as(lib.broken().toString()).isEmpty();
        Trace t = lib.lessons().getFirst().play(Policy.ZERO_COPY);
        long secondReaderDma = index(t, "leg0 DMA for r1");
        assertThat(secondReaderDma)
                .as("both of leg0's read DMAs run in the one line, before reader0 completes")
                .isLessThan(index(t, "reader0 runs end_io"));
        assertThat(index(t, "leg0 DMA for r0")).isLessThan(secondReaderDma);
    }

    private static long index(Trace t, String actionPrefix) {
        return t.snapshots().stream()
                .filter(s -> s.event().action().startsWith(actionPrefix))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no step '" + actionPrefix + "'"))
                .index();
    }

    @Test
    void aRepeatTooLargeIsRefusedWithTheLimit() throws IOException {
        String text = good.replace(
                "      - store: {page: B, bytes: \"BBBB\"}\n",
                "      - repeat: {times: 100, ops: [{store: {page: B, bytes: \"B{n}B{n}\"}}]}\n");
        LessonLibrary lib = check(text);
        assertThat(lib.broken())
                .singleElement()
                .satisfies(b -> assertThat(b.problems().getFirst().message())
                        .isEqualTo("'times' must be between 1 and 16, found 100"));
    }
}
