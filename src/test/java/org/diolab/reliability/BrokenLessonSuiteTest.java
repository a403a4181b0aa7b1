package org.diolab.reliability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.diolab.lesson.BrokenLesson;
import org.diolab.lesson.LessonLibrary;
import org.diolab.lesson.LessonLoader;
import org.diolab.lesson.Problem;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every class of broken lesson the fuzzer found (issue 12, defects 3 and 7): each case gives a {@code file:line:col}
 * problem in words, quickly, and the good lesson beside it still loads. The bound is generous (60 s, for a loaded
 * machine: a bound against a hang, not a timing target); the defects it guards against took minutes or never ended.
 */
class BrokenLessonSuiteTest {
    private static final Duration BOUND = Duration.ofSeconds(60);
    /** Words that mean a Java exception's text reached the user. */
    private static final Pattern JAVA_SPEAK = Pattern.compile(
            "Exception|java\\.|StreamReadConstraints|Input length =|\\(TAB\\)|in reader, line|=ALI|tools\\.jackson");

    @TempDir
    Path root;

    @TestFactory
    Stream<DynamicTest> everyBrokenLessonIsReportedWithItsPosition() throws IOException {
        String good = Files.readString(Path.of("lessons/raid1-mirrors-diverge.yaml"));
        List<BrokenLessonCases> cases = BrokenLessonCases.all(good);
        int[] n = {0};
        return cases.stream().map(c -> DynamicTest.dynamicTest(c.name(), () -> check(c, good, n[0]++)));
    }

    private void check(BrokenLessonCases c, String good, int index) throws Exception {
        Path dir = Files.createDirectories(root.resolve("case" + index));
        Path sources = Files.createDirectories(dir.resolve("sources"));
        try (Stream<Path> s = Files.list(Path.of("lessons/sources"))) {
            for (Path f : s.toList()) {
                Files.copy(f, sources.resolve(f.getFileName()));
            }
        }
        Files.writeString(dir.resolve("zz-good.yaml"), good.replace("id: raid1-mirrors-diverge", "id: still-fine"));
        c.writer().write(dir, good);
        LessonLibrary lib = assertTimeoutPreemptively(BOUND, () -> LessonLoader.load(dir), c.name());
        assertThat(lib.ids()).as("the good lesson still loads").containsExactly("still-fine");
        assertThat(lib.broken())
                .extracting(BrokenLesson::file)
                .containsExactly(dir.resolve("broken.yaml").toString());
        List<Problem> problems = lib.broken().getFirst().problems();
        assertThat(problems).isNotEmpty();
        long lines = Files.isRegularFile(dir.resolve("broken.yaml"))
                ? Files.readString(dir.resolve("broken.yaml"), java.nio.charset.StandardCharsets.ISO_8859_1)
                                .lines()
                                .count()
                        + 1
                : 1;
        for (Problem p : problems) {
            String f = p.format();
            assertThat(f)
                    .matches(Pattern.quote(dir.resolve("broken.yaml").toString()) + ":\\d+:\\d+: .+")
                    .doesNotContain("\n");
            assertThat(p.line()).isBetween(1, (int) lines);
            assertThat(p.column()).isPositive();
            assertThat(JAVA_SPEAK.matcher(f).find()).as("speaks Java: %s", f).isFalse();
        }
        Problem first = problems.getFirst();
        if (c.expect() != null) {
            assertThat(problems)
                    .as(problems.toString())
                    .anyMatch(p -> p.message().contains(c.expect()));
        }
        if (c.line() > 0) {
            assertThat(problems)
                    .as(problems.toString())
                    .anyMatch(p -> p.line() == c.line()
                            && (c.expect() == null || p.message().contains(c.expect())));
        }
        assertThat(first.format()).isNotBlank();
    }
}
