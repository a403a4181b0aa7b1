package org.diolab.live.calib;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.diolab.live.LiveTestSupport;
import org.diolab.live.job.CancelToken;
import org.diolab.live.job.ProgressListener;
import org.diolab.live.scratch.ScratchDir;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CalibratorTest {
    @TempDir
    Path dir;

    @Test
    void measuresEveryStageAndRoundTripsThroughItsFile() throws Exception {
        Path scratch = Files.createDirectory(dir.resolve("scratch"));
        Calibration c;
        try (ScratchDir s = ScratchDir.open(scratch)) {
            c = Calibrator.run(s, Calibrator.Options.quick(), ProgressListener.NONE, new CancelToken());
        }
        assertThat(LiveTestSupport.entries(scratch)).isEmpty();
        assertThat(c.memcpyGbPerSec()).isPositive();
        assertThat(c.crc32cHwGbPerSec()).isPositive();
        assertThat(c.crc32cSwGbPerSec()).isPositive();
        assertThat(c.deviceWriteMibPerSec()).isPositive();
        assertThat(c.deviceReadMibPerSec()).isPositive();
        assertThat(c.machine().kernel()).isNotBlank();

        Path file = dir.resolve("cfg/dio-lab/calibration.json");
        CalibrationStore.save(c, file);
        assertThat(Files.readString(file)).contains("\"crc32c_hw_gb_per_sec\"").contains("\"memcpy_gb_per_sec\"");
        assertThat(CalibrationStore.load(file)).contains(c);
    }

    @Test
    void aMissingOrBrokenFileMeansNotCalibrated() throws Exception {
        assertThat(CalibrationStore.load(dir.resolve("none.json"))).isEmpty();
        Path broken = Files.writeString(dir.resolve("broken.json"), "{\"memcpy_gb_per_sec\": ");
        assertThat(CalibrationStore.load(broken)).isEmpty();
    }
}
