package org.diolab.app.kernellab;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import javafx.beans.property.SimpleObjectProperty;
import org.diolab.app.lesson.LessonViewModel;
import org.diolab.app.work.ManualBackgroundWork;
import org.diolab.lesson.LessonLibrary;
import org.diolab.live.kernel.KernelLabReport;
import org.diolab.live.kernel.lab.KernelLabRefusal;
import org.diolab.live.kernel.scenario.Outcome;
import org.diolab.live.kernel.scenario.Scenario;
import org.diolab.live.kernel.scenario.ScenarioResult;
import org.junit.jupiter.api.Test;

/** "On this kernel" without JavaFX: which scenarios a lesson offers, refusals, cancel, and stale results dropped. */
class KernelLabViewModelTest {
    private static final LessonLibrary LESSONS = org.diolab.TestLessons.bundled();
    private final LessonViewModel lessons = new LessonViewModel();
    private final SimpleObjectProperty<Path> dir = new SimpleObjectProperty<>();
    /** Runs submitted work only when the test says so, so a test can act while a run is "in flight". */
    private final ManualBackgroundWork work = new ManualBackgroundWork();

    private static KernelLabReport report(Scenario s) {
        return LabReports.present(s, "present: 3 of 10 direct reads failed", "btrfs on loop0");
    }

    private void open(String id) {
        lessons.open(LESSONS.find(id).orElseThrow());
    }

    @Test
    void eachLessonOffersTheScenariosThatAnswerForIt() {
        KernelLabViewModel vm =
                new KernelLabViewModel(lessons, work, dir, (r, l, c) -> report(Scenario.FALSE_CSUM_READ));
        open("dio-read-false-checksum-error");
        assertThat(vm.scenariosProperty().get()).containsExactly(Scenario.FALSE_CSUM_READ);
        assertThat(vm.commandLineProperty().get()).isEqualTo("sudo dio-lab kernel-lab false-csum-read --dir DIR");
        dir.set(Path.of("/var/tmp/lab"));
        assertThat(vm.commandLineProperty().get()).endsWith("--dir /var/tmp/lab");
        open("exclusive-pin-deadlock");
        assertThat(vm.scenariosProperty().get()).isEmpty();
        vm.run();
        assertThat(work.queued()).isEmpty();
    }

    @Test
    void withoutADirectoryItAsksForOne() {
        AtomicInteger calls = new AtomicInteger();
        KernelLabViewModel vm = new KernelLabViewModel(lessons, work, dir, (r, l, c) -> {
            calls.incrementAndGet();
            return report(Scenario.FALSE_CSUM_READ);
        });
        open("dio-read-false-checksum-error");
        vm.run();
        work.runAll();
        assertThat(calls).hasValue(0);
        assertThat(vm.statusProperty().get()).startsWith("Choose a scratch directory first");
    }

    @Test
    void aRunShowsTheVerdictsAndTheMachine() {
        KernelLabViewModel vm = new KernelLabViewModel(lessons, work, dir, (r, l, c) -> {
            assertThat(r.scenarios()).containsExactly(Scenario.RAID1_DIVERGENCE, Scenario.BUFFERED_DIVERGENCE);
            return report(Scenario.RAID1_DIVERGENCE);
        });
        open("raid1-mirrors-diverge");
        dir.set(Path.of("/var/tmp/lab"));
        vm.run();
        assertThat(vm.runningProperty().get()).isTrue();
        work.runAll();
        assertThat(vm.runningProperty().get()).isFalse();
        assertThat(vm.resultsProperty().get())
                .singleElement()
                .extracting(ScenarioResult::outcome)
                .isEqualTo(Outcome.PRESENT);
        assertThat(KernelLabViewModel.badge(vm.resultsProperty().get().getFirst()))
                .isEqualTo("PRESENT");
        assertThat(vm.machineProperty().get()).startsWith("Linux 6.18.44, btrfs-progs v6.2");
        assertThat(vm.statusProperty().get()).contains("Everything the lab built was removed");
    }

    @Test
    void aRefusalSaysWhatToDo() {
        KernelLabViewModel vm = new KernelLabViewModel(lessons, work, dir, (r, l, c) -> {
            throw new KernelLabRefusal(
                    KernelLabRefusal.Reason.NOT_ROOT, "the kernel lab needs root: run it with" + " sudo");
        });
        open("dio-read-false-checksum-error");
        dir.set(Path.of("/var/tmp/lab"));
        vm.run();
        work.runAll();
        assertThat(vm.statusProperty().get()).isEqualTo("Not run: the kernel lab needs root: run it with sudo");
        assertThat(vm.resultsProperty().get()).isEmpty();
    }

    @Test
    void cancelReachesTheRunsTokenAndSaysWhatWasRemoved() {
        KernelLabViewModel vm = new KernelLabViewModel(lessons, work, dir, (r, l, c) -> {
            c.throwIfCancelled();
            return report(Scenario.FALSE_CSUM_READ);
        });
        open("dio-read-false-checksum-error");
        dir.set(Path.of("/var/tmp/lab"));
        vm.run();
        vm.cancel();
        work.runAll();
        assertThat(vm.statusProperty().get()).startsWith("Cancelled; the lab's mounts, loop devices and images");
        assertThat(vm.runningProperty().get()).isFalse();
    }

    @Test
    void aRunThatEndsAfterTheLessonChangedIsDropped() {
        KernelLabViewModel vm =
                new KernelLabViewModel(lessons, work, dir, (r, l, c) -> report(Scenario.FALSE_CSUM_READ));
        open("dio-read-false-checksum-error");
        dir.set(Path.of("/var/tmp/lab"));
        vm.run();
        open("raid1-mirrors-diverge");
        work.runAll();
        assertThat(vm.resultsProperty().get()).isEmpty();
        assertThat(vm.statusProperty().get()).isEmpty();
        assertThat(vm.scenariosProperty().get())
                .containsExactly(Scenario.RAID1_DIVERGENCE, Scenario.BUFFERED_DIVERGENCE);
    }

    /**
     * Issue 20: the progress went backwards ("[ 20%] … [ 14%] creating btrfs raid1c3", "[ 93%] … [ 88%] ext4-convoy"):
     * a scenario's phases may report an earlier fraction. The bar holds where it was, and the words still follow.
     */
    @Test
    void progressNeverGoesBackwardsAndTheWordsFollowTheRun() {
        List<String> seen = new java.util.ArrayList<>();
        KernelLabViewModel vm = new KernelLabViewModel(lessons, work, dir, (r, l, c) -> {
            l.onProgress(
                    new org.diolab.live.kernel.LabProgress(Scenario.RAID1_DIVERGENCE, "building btrfs raid1", 0.2));
            l.onProgress(
                    new org.diolab.live.kernel.LabProgress(Scenario.RAID1_DIVERGENCE, "building btrfs raid1c3", 0.14));
            l.onProgress(new org.diolab.live.kernel.LabProgress(Scenario.BUFFERED_DIVERGENCE, "scrub", 0.93));
            l.onProgress(new org.diolab.live.kernel.LabProgress(Scenario.BUFFERED_DIVERGENCE, "run", 0.88));
            return report(Scenario.RAID1_DIVERGENCE);
        });
        vm.statusProperty()
                .addListener(
                        (o, a, st) -> seen.add(Math.round(vm.progressProperty().get() * 100) + "% " + st));
        open("raid1-mirrors-diverge");
        dir.set(Path.of("/var/tmp/lab"));
        vm.run();
        work.runAll();
        assertThat(seen)
                .containsSubsequence(
                        "20% raid1-divergence: building btrfs raid1",
                        "20% raid1-divergence: building btrfs raid1c3",
                        "93% buffered-divergence: scrub",
                        "93% buffered-divergence: run");
    }

    /** Issue 20: pressing Run cleared the old results (the card jumped); they stay, marked, until the new ones come. */
    @Test
    void aNewRunKeepsTheLastVerdictsMarkedAsEarlierUntilItsOwnComeIn() {
        KernelLabViewModel vm = new KernelLabViewModel(lessons, work, dir, (r, l, c) -> {
            c.throwIfCancelled();
            return report(Scenario.RAID1_DIVERGENCE);
        });
        open("raid1-mirrors-diverge");
        dir.set(Path.of("/var/tmp/lab"));
        vm.run();
        work.runAll();
        assertThat(vm.cardsProperty().get()).hasSize(1);
        assertThat(vm.earlierProperty().get()).isFalse();
        vm.run();
        assertThat(vm.cardsProperty().get()).as("kept while the new run runs").hasSize(1);
        assertThat(vm.earlierProperty().get()).isTrue();
        vm.cancel();
        assertThat(vm.statusProperty().get()).startsWith("Cancelling: removing the lab's mounts");
        work.runAll();
        assertThat(vm.statusProperty().get()).startsWith("Cancelled; the lab's mounts, loop devices and images");
        assertThat(vm.cardsProperty().get()).as("still the earlier run's").hasSize(1);
        assertThat(vm.earlierProperty().get()).isTrue();
        vm.run();
        work.runAll();
        assertThat(vm.earlierProperty().get()).isFalse();
    }
}
