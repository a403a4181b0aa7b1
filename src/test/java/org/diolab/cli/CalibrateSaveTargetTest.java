package org.diolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code calibrate --save} naming a folder is refused in one line before the measurement (it used to measure for
 * seconds and then fail with "/.etc.….tmp -> /etc: Is a directory").
 */
class CalibrateSaveTargetTest {
    @TempDir
    Path dir;

    @Test
    void aFolderAsTheSaveFileIsRefusedBeforeMeasuring() throws IOException {
        CliRun r = CliRun.of("calibrate", "--dir", dir.toString(), "--quick", "--save", dir.toString());
        assertThat(r.code()).as(r.err()).isEqualTo(2);
        assertThat(r.out()).as("nothing measured").isEmpty();
        assertThat(r.err())
                .isEqualTo("dio-lab: --save " + dir + " is a folder; give the file to save into, e.g. --save "
                        + dir.resolve("calibration.json") + System.lineSeparator());
        try (Stream<Path> s = Files.list(dir)) {
            assertThat(s).as("no scratch or temporary file left").isEmpty();
        }
    }
}
