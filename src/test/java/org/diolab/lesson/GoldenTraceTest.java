package org.diolab.lesson;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.diolab.engine.TraceText;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Pins every lesson's trace under every policy it lists. A trace that differs from its golden file is written beside
 * it as {@code NAME.txt.actual} and the test fails; the golden itself is never overwritten. To accept intended
 * changes, review each {@code diff NAME.txt NAME.txt.actual} and move the {@code .actual} over the golden.
 * {@code -Dgolden.update=true} writes the {@code .actual} files without failing, to review a batch at once.
 */
class GoldenTraceTest {
    static final Path GOLDEN = Path.of("src", "test", "resources", "golden");

    @TestFactory
    List<DynamicTest> everyLessonUnderEveryPolicyMatchesItsGoldenTrace() {
        List<DynamicTest> tests = new ArrayList<>();
        for (Lesson lesson : LessonLoader.loadBundled().lessons()) {
            for (PolicyChoice c : lesson.policies()) {
                String name = lesson.id() + "." + c.policy().id();
                tests.add(DynamicTest.dynamicTest(name, () -> check(name, TraceText.render(lesson.play(c.policy())))));
            }
        }
        return tests;
    }

    @Test
    void everyGoldenTraceIsALessonUnderOneOfItsPoliciesAndEveryPairHasOne() throws IOException {
        List<String> pairs = new ArrayList<>();
        for (Lesson lesson : LessonLoader.loadBundled().lessons()) {
            lesson.policies()
                    .forEach(c -> pairs.add(lesson.id() + "." + c.policy().id()));
        }
        List<String> golden;
        try (Stream<Path> files = Files.list(GOLDEN)) {
            golden = files.map(f -> f.getFileName().toString())
                    .filter(n -> n.endsWith(".txt"))
                    .map(n -> n.substring(0, n.length() - ".txt".length()))
                    .toList();
        }

        assertThat(golden)
                .as("golden traces in %s (one left from a lesson or policy removed is a stale pin)", GOLDEN)
                .containsExactlyInAnyOrderElementsOf(pairs);
    }

    static void check(String name, String actual) throws IOException {
        Path file = GOLDEN.resolve(name + ".txt");
        Path candidate = GOLDEN.resolve(name + ".txt.actual");
        String expected = Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : null;
        if (actual.equals(expected)) {
            Files.deleteIfExists(candidate); // nothing left to review for this trace
            return;
        }
        Files.createDirectories(GOLDEN);
        Files.writeString(candidate, actual, StandardCharsets.UTF_8);
        if (Boolean.getBoolean("golden.update")) {
            return;
        }
        assertThat(file)
                .as("golden trace %s is missing; the trace is in %s: review it and rename it", file, candidate)
                .exists();
        assertThat(actual)
                .as(
                        "trace of %s differs from %s; the new trace is in %s: review the diff and move it over"
                                + " the golden if the change is intended",
                        name, file, candidate)
                .isEqualTo(expected);
    }
}
