package org.diolab.lesson;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.diolab.engine.TraceText;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Pins every lesson's trace under every policy it lists. A change in the engine or a lesson that alters a trace
 * fails here; if the change is intended, accept it with {@code mvn test -Dgolden.update=true} and review the diff.
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
        assertThat(tests).isNotEmpty();
        return tests;
    }

    private static void check(String name, String actual) throws IOException {
        Path file = GOLDEN.resolve(name + ".txt");
        if (Boolean.getBoolean("golden.update")) {
            Files.createDirectories(GOLDEN);
            Files.writeString(file, actual, StandardCharsets.UTF_8);
            return;
        }
        assertThat(file).as("golden trace %s is missing; create it with -Dgolden.update=true", file).exists();
        assertThat(actual).as("trace of %s differs from %s (accept with -Dgolden.update=true)", name, file)
                .isEqualTo(Files.readString(file, StandardCharsets.UTF_8));
    }
}
