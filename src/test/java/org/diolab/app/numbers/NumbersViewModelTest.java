package org.diolab.app.numbers;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.diolab.TestLessons;
import org.diolab.app.lesson.LessonViewModel;
import org.diolab.app.work.SynchronousBackgroundWork;
import org.diolab.live.calib.Calibration;
import org.diolab.live.calib.CalibrationReader;
import org.diolab.live.calib.CalibrationStore;
import org.diolab.live.probe.Environment;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Numbers tab's "this machine": from the saved calibration when there is one, and honest when there is not. */
class NumbersViewModelTest {
    @TempDir
    Path dir;

    private final LessonViewModel lessons = new LessonViewModel();

    private NumbersViewModel numbers(Path file, String kernel) {
        NumbersViewModel vm = new NumbersViewModel(
                lessons, new SynchronousBackgroundWork(), () -> CalibrationReader.read(file, kernel, "lab-host"));
        lessons.open(TestLessons.bundled().find("raid1-mirrors-diverge").orElseThrow());
        return vm;
    }

    /** A machine whose copy is as fast as its disk: one copy halves the throughput of a write. */
    private Path calibration(String kernel) throws IOException {
        Environment env = new Environment(
                kernel,
                "amd64",
                "lab-host",
                "Test CPU",
                4,
                List.of("sse4_2"),
                "JDK 25",
                new Environment.Filesystem(
                        "ext4",
                        "/lab",
                        "/dev/vdb",
                        "rw",
                        new Environment.BlockDevice("vdb", "disk", false, 512, false, "none")));
        Path file = dir.resolve("calibration.json");
        double gib = (1L << 30) / 1e9; // 1 GiB/s in GB/s
        CalibrationStore.save(
                new Calibration(
                        Instant.parse("2026-11-30T12:00:00Z"), gib, 100 * gib, 10 * gib, 1024, 1024, "/lab", env),
                file);
        return file;
    }

    @Test
    void aSavedCalibrationGivesThisMachinesColumnFromThePerfModel() throws IOException {
        NumbersViewModel vm = numbers(calibration("6.18.44"), "6.18.44");
        NumbersViewModel.Table t = vm.tablesProperty().get().getFirst();
        NumbersViewModel.Row bounce = t.rows().stream()
                .filter(r -> r.row().model() != null && r.row().model().startsWith("bounce"))
                .findFirst()
                .orElseThrow();
        assertThat(bounce.thisMachine().orElseThrow())
                .as("copy 1 GiB/s and device 1 GiB/s in series: half")
                .isCloseTo(0.5, org.assertj.core.api.Assertions.within(1e-9));
        assertThat(t.thisMachine())
                .contains("this machine, calibrated 2026-11-30")
                .contains("ext4 on vdb")
                .doesNotContain("⚠");
    }

    @Test
    void aCalibrationFromAnotherKernelIsUsedButFlagged() throws IOException {
        NumbersViewModel vm = numbers(calibration("6.1.0"), "6.18.44");
        assertThat(vm.tablesProperty().get().getFirst().thisMachine())
                .contains("⚠ measured under Linux 6.1.0; this is Linux 6.18.44 — calibrate again.");
    }

    @Test
    void withoutACalibrationTheTabSaysHowToMakeOne() {
        NumbersViewModel vm = numbers(dir.resolve("none.json"), "6.18.44");
        NumbersViewModel.Table t = vm.tablesProperty().get().getFirst();
        assertThat(t.rows()).allSatisfy(r -> assertThat(r.thisMachine()).isEmpty());
        assertThat(t.thisMachine()).startsWith("This machine: not calibrated yet. Run `dio-lab calibrate --dir DIR`");
        assertThat(t.rows()).anySatisfy(r -> assertThat(r.modelRatio()).isPresent());
    }

    @Test
    void aFileThatIsNotACalibrationSaysSo() throws IOException {
        Path file = java.nio.file.Files.writeString(dir.resolve("calibration.json"), "{\"memcpy_gb_per_sec\": ");
        NumbersViewModel vm = numbers(file, "6.18.44");
        assertThat(vm.tablesProperty().get().getFirst().thisMachine()).contains("does not read");
    }

    @Test
    void reMeasuringRunsEachRowInUserSpaceAndGivesRatiosToTheFirstRow() throws IOException {
        NumbersViewModel vm = new NumbersViewModel(
                lessons,
                new SynchronousBackgroundWork(),
                () -> CalibrationReader.read(dir.resolve("none.json"), "6.18.44", "lab-host"),
                UserSpaceMeasure.live(8 << 20, java.time.Duration.ofMillis(200)));
        lessons.open(TestLessons.bundled().find("raid1-mirrors-diverge").orElseThrow());
        NumbersViewModel.Table before = vm.tablesProperty().get().getFirst();
        assertThat(before.numbers().seed()).isEqualTo("S003");
        assertThat(NumbersViewModel.measurable(before.numbers())).isTrue();
        assertThat(before.rows()).allSatisfy(r -> assertThat(r.measured()).isEmpty());
        Path scratch = java.nio.file.Files.createDirectory(dir.resolve("scratch"));

        vm.remeasure(before.numbers(), scratch);

        NumbersViewModel.Table after = vm.tablesProperty().get().getFirst();
        assertThat(after.rows().getFirst().measured().orElseThrow()).isEqualTo(1.0);
        // every row of S003 names a data path the live engine has: each was run and has its own ratio
        assertThat(after.rows())
                .allSatisfy(r -> assertThat(r.measured().orElseThrow()).isPositive());
        assertThat(after.measured().orElseThrow())
                .contains("8 MiB per file, 200 ms per row")
                .contains("dd if=/dev/zero bs=1M");
        assertThat(org.diolab.live.run.LiveEngine.keptFiles(scratch)).isEmpty();
        assertThat(java.nio.file.Files.list(scratch).toList())
                .as("the scratch files are gone")
                .isEmpty();
    }

    @Test
    void reMeasuringWithoutAScratchDirectorySaysWhereToChooseOne() {
        NumbersViewModel vm = numbers(dir.resolve("none.json"), "6.18.44");
        NumbersViewModel.Table t = vm.tablesProperty().get().getFirst();
        vm.remeasure(t.numbers(), dir.resolve("missing"));
        assertThat(vm.tablesProperty().get().getFirst().measured().orElseThrow())
                .startsWith("Choose a scratch directory on the Live tab first");
    }
}
