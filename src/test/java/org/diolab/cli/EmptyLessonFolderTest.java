package org.diolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A folder with no lesson files in it (mistyped, or the lessons saved as .txt): {@code check} does not pass it as
 * "0 lesson(s) ok, 0 broken" with exit 0, and the commands reading {@code --lessons} do not print nothing and succeed.
 */
class EmptyLessonFolderTest {
    @TempDir
    Path dir;

    @Test
    void checkingAFolderWithoutLessonsIsNotAPass() throws IOException {
        Files.writeString(dir.resolve("lesson.txt"), "id: x\n");
        CliRun r = CliRun.of("check", dir.toString());
        assertThat(r.code()).as(r.out()).isEqualTo(1);
        assertThat(r.out())
                .contains(dir + ":1:1: no lesson files here (*.yaml or *.yml) — give the folder that holds your"
                        + " lesson files, or the files themselves")
                .contains("0 lesson(s) ok, 1 broken");
    }

    @Test
    void listingOrTimingAnEmptyFolderSaysItIsEmpty() {
        for (String command : new String[] {"lessons", "timeline"}) {
            CliRun r = CliRun.of(command, "--lessons", dir.toString());
            assertThat(r.code()).as(command + ": " + r.err()).isEqualTo(2);
            assertThat(r.out()).as(command).isEmpty();
            assertThat(r.err())
                    .as(command)
                    .isEqualTo("dio-lab: no lesson loaded from " + dir + ": it has no lesson files (*.yaml or *.yml);"
                            + " give --lessons the folder that holds them" + System.lineSeparator());
        }
    }
}
