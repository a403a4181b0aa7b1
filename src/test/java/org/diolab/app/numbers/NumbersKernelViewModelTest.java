package org.diolab.app.numbers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import org.diolab.TestLessons;
import org.diolab.app.lesson.LessonViewModel;
import org.diolab.lesson.SeedNumbers;
import org.diolab.live.kernel.lab.KernelLabRefusal;
import org.diolab.live.kernel.seed.SeedTablesRequest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Numbers tab's "this kernel" column: the lab's seed-tables for the table's seed, matched by case. */
class NumbersKernelViewModelTest {
    @TempDir
    Path dir;

    private final LessonViewModel lessons = new LessonViewModel();
    private final List<SeedTablesRequest> asked = new ArrayList<>();

    private NumbersViewModel vm(KernelMeasure.Runner runner) {
        NumbersViewModel vm = NumbersTab.viewModel(lessons, dir, runner);
        lessons.open(TestLessons.bundled().find("dio-read-false-checksum-error").orElseThrow());
        return vm;
    }

    @Test
    void theKernelColumnIsEachCaseOverTheFirstAndTheBounceRowSaysWhyItHasNone() {
        NumbersViewModel vm = vm((req, p, c) -> {
            asked.add(req);
            p.at("libaio randread bs=64k iodepth=64 on nodatasum files", 0.5);
            return KernelColumnFixture.s000(req);
        });
        SeedNumbers s000 = vm.tablesProperty().get().getFirst().numbers();
        assertThat(NumbersViewModel.kernelMeasurable(s000)).isTrue();

        vm.remeasureKernel(s000, dir);

        assertThat(asked).singleElement().satisfies(req -> {
            assertThat(req.seeds()).containsExactly("S000");
            assertThat(req.dir()).isEqualTo(dir);
            assertThat(req.size()).isEqualTo(64L << 20);
        });
        NumbersViewModel.Table t = vm.tablesProperty().get().getFirst();
        assertThat(t.kernelRunning()).isFalse();
        assertThat(t.rows().get(0).thisKernel().orElseThrow()).isEqualTo(1.0);
        assertThat(t.rows().get(1).thisKernel().orElseThrow()).isCloseTo(0.8, within(1e-9));
        assertThat(t.rows().get(2).thisKernel()).isEmpty();
        assertThat(t.rows().get(2).notOnThisKernel().orElseThrow()).contains("no knob picks the other");
        assertThat(t.kernel().orElseThrow())
                .startsWith("This kernel (Linux 6.18.44, kernel lab on loop devices): Scaled to this machine")
                .contains("not the seeds' NVMe SSDs");
    }

    @Test
    void aRefusalIsShownAsTheLabSaysIt() {
        NumbersViewModel vm = vm((req, p, c) -> {
            throw new KernelLabRefusal(
                    KernelLabRefusal.Reason.NOT_ROOT,
                    "the kernel lab needs root with CAP_SYS_ADMIN (loop devices, mkfs, mount)");
        });
        SeedNumbers s000 = vm.tablesProperty().get().getFirst().numbers();
        vm.remeasureKernel(s000, dir);
        NumbersViewModel.Table t = vm.tablesProperty().get().getFirst();
        assertThat(t.kernel().orElseThrow())
                .isEqualTo("This kernel: not measured: the kernel lab needs root with CAP_SYS_ADMIN (loop devices,"
                        + " mkfs, mount)");
        assertThat(t.rows()).allSatisfy(r -> assertThat(r.thisKernel()).isEmpty());
    }

    @Test
    void cancellingStopsTheLabsRunAndSaysItWasTornDown() {
        NumbersViewModel[] self = new NumbersViewModel[1];
        SeedNumbers[] table = new SeedNumbers[1];
        self[0] = vm((req, p, c) -> {
            assertThat(self[0].tablesProperty().get().getFirst().kernelRunning())
                    .isTrue();
            self[0].cancelKernel(table[0]); // the learner presses Cancel while it runs
            if (c.isCancelled()) {
                throw new CancellationException("cancelled");
            }
            return KernelColumnFixture.s000(req);
        });
        table[0] = self[0].tablesProperty().get().getFirst().numbers();
        self[0].remeasureKernel(table[0], dir);
        NumbersViewModel.Table t = self[0].tablesProperty().get().getFirst();
        assertThat(t.kernelRunning()).isFalse();
        assertThat(t.kernel().orElseThrow())
                .isEqualTo("This kernel: cancelled; the lab's mounts, loop devices and images were removed.");
    }

    @Test
    void onlyTablesOfTheLabsSeedsInTheirUnitsCanBeReMeasuredOnThisKernel() {
        var lib = TestLessons.bundled();
        SeedNumbers model =
                lib.find("async-csum-pipelining").orElseThrow().numbers().getFirst();
        SeedNumbers measured =
                lib.find("async-csum-pipelining").orElseThrow().numbers().get(1);
        assertThat(NumbersViewModel.kernelMeasurable(model))
                .as("S004's formula in GiB/s")
                .isFalse();
        assertThat(NumbersViewModel.kernelMeasurable(measured)).isTrue();
        assertThat(NumbersViewModel.kernelMeasurable(
                        lib.find("ext4-dio-lock-convoy").orElseThrow().numbers().get(2)))
                .as("S002's latency table")
                .isTrue();
    }
}
