package org.diolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CheckCommandTest {
    @TempDir
    Path dir;

    @Test
    void theBundledLessonsAreAllValid() {
        CliRun r = CliTest.run("check");
        assertThat(r.code()).isZero();
        assertThat(r.out())
                .isEqualTo(org.diolab.lesson.LessonLoader.loadBundled().ids().size() + " lesson(s) ok, 0 broken\n");
    }

    @Test
    void aBrokenFileIsReportedWithItsPositionAndExitCode1() throws IOException {
        Path sources = Files.createDirectories(dir.resolve("sources"));
        Files.copy(Path.of("lessons/sources/003_cf655875e5a3f591.txt"), sources.resolve("003_cf655875e5a3f591.txt"));
        String good = Files.readString(Path.of("lessons/raid1-mirrors-diverge.yaml"));
        Path bad = dir.resolve("bad.yaml");
        Files.writeString(bad, good.replace("  - id: zero-copy\n", "  - id: zero-copi\n"));
        CliRun r = CliTest.run("check", bad.toString());
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.out())
                .containsPattern(java.util.regex.Pattern.quote(bad.toString())
                        + ":\\d+:9: unknown policy 'zero-copi' — did you mean 'zero-copy'\\?");
        assertThat(r.out()).contains("0 lesson(s) ok, 1 broken");
    }

    @Test
    void aMissingPathIsAUserError() {
        CliRun r = CliTest.run("check", dir.resolve("nope.yaml").toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("no such file or folder");
    }
}
