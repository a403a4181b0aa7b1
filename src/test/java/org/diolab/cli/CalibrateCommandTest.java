package org.diolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CalibrateCommandTest {
    @TempDir
    Path dir;

    @Test
    void printsAndSavesTheStageSpeeds() throws Exception {
        Path scratch = Files.createDirectory(dir.resolve("scratch"));
        Path save = dir.resolve("conf/calibration.json");
        CliRun r = CliRun.of(
                "calibrate", "--dir", scratch.toString(), "--quick", "--save", save.toString(), "--no-progress");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out())
                .contains("memcpy")
                .contains("crc32c hw, per 4 KiB")
                .contains("device read")
                .contains("saved to " + save);
        assertThat(Files.readString(save)).contains("crc32c_sw_gb_per_sec");
        try (var s = Files.list(scratch)) {
            assertThat(s).isEmpty();
        }
    }

    @Test
    void needsADirectory() {
        CliRun r = CliRun.of("calibrate");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("--dir");
    }
}
