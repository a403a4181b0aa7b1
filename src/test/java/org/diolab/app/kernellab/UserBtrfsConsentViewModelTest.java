package org.diolab.app.kernellab;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javafx.beans.property.SimpleObjectProperty;
import org.diolab.app.work.ManualBackgroundWork;
import org.diolab.live.kernel.KernelLabRequest;
import org.diolab.live.kernel.lab.KernelLabRefusal;
import org.diolab.live.kernel.scenario.Scenario;
import org.junit.jupiter.api.Test;

/**
 * Asking before running on the user's btrfs, without JavaFX: consent is off by default and asked only for scenarios
 * that raise error counters; Run waits until the lab has said what it will change for exactly the choice made; the
 * request carries the consent only when given; afterwards the lasting changes are shown.
 */
class UserBtrfsConsentViewModelTest {
    private final SimpleObjectProperty<List<Scenario>> lesson = new SimpleObjectProperty<>(List.of());
    private final ManualBackgroundWork work = new ManualBackgroundWork();
    private final List<KernelLabRequest> previewed = new ArrayList<>();
    private final List<KernelLabRequest> ran = new ArrayList<>();

    private UserBtrfsConsentViewModel vm() {
        return new UserBtrfsConsentViewModel(
                lesson,
                work,
                req -> {
                    previewed.add(req);
                    return req.allowErrorCounters()
                            ? List.of("false-csum-read will raise the device error counters (corruption_errs)")
                            : List.of("false-csum-read runs on a btrfs of the lab's own");
                },
                (req, l, c) -> {
                    ran.add(req);
                    return LabReports.in(req.dir().toString())
                            .tornDown("no volumes")
                            .lasting(List.of("false-csum-read changed your btrfs at /mnt/b: corruption_errs of devid 1:"
                                    + " 0 -> 32 (+32)"))
                            .build();
                });
    }

    @Test
    void consentIsOffByDefaultAndAskedOnlyForScenariosThatRaiseCounters() {
        lesson.set(List.of(Scenario.RAID1_DIVERGENCE, Scenario.NOWAIT_READ));
        UserBtrfsConsentViewModel vm = vm();
        assertThat(vm.scenariosProperty().get()).containsExactly(Scenario.NOWAIT_READ);
        assertThat(vm.asksConsent()).isFalse();
        lesson.set(List.of(Scenario.FALSE_CSUM_READ, Scenario.DATASUM_WRITE));
        assertThat(vm.scenariosProperty().get()).containsExactly(Scenario.FALSE_CSUM_READ);
        assertThat(vm.asksConsent()).isTrue();
        assertThat(vm.consentProperty().get()).isFalse();
        assertThat(vm.consentText())
                .startsWith("Let false-csum-read raise the device error counters (corruption_errs) of this btrfs for"
                        + " good (--allow-error-counters).")
                .contains("btrfs device stats -z");
        lesson.set(List.of(Scenario.RAID1_DIVERGENCE));
        assertThat(vm.scenariosProperty().get()).isEmpty();
    }

    @Test
    void runWaitsUntilTheLabHasSaidWhatItWillDoForExactlyThisChoice() {
        lesson.set(List.of(Scenario.FALSE_CSUM_READ));
        UserBtrfsConsentViewModel vm = vm();
        vm.run();
        assertThat(work.queued()).isEmpty();
        vm.setMount(Path.of("/mnt/b"));
        assertThat(vm.readyProperty().get()).isFalse();
        vm.run(); // before the preview came back: nothing runs
        work.runAll();
        assertThat(ran).isEmpty();
        assertThat(vm.readyProperty().get()).isTrue();
        assertThat(vm.beforehandProperty().get()).containsExactly("false-csum-read runs on a btrfs of the lab's own");
        assertThat(previewed.getLast().allowErrorCounters()).isFalse();

        vm.setConsent(true); // a new choice: said again before it may run
        assertThat(vm.readyProperty().get()).isFalse();
        assertThat(vm.beforehandProperty().get()).isEmpty();
        assertThat(vm.commandLineProperty().get())
                .isEqualTo("dio-lab kernel-lab false-csum-read --mount /mnt/b --allow-error-counters");
        work.runAll();
        assertThat(vm.beforehandProperty().get())
                .containsExactly("false-csum-read will raise the device error counters (corruption_errs)");
        vm.run();
        work.runAll();
        assertThat(ran).singleElement().satisfies(r -> {
            assertThat(r.allowErrorCounters()).isTrue();
            assertThat(r.mount()).hasValue(Path.of("/mnt/b"));
            assertThat(r.scenarios()).containsExactly(Scenario.FALSE_CSUM_READ);
        });
        assertThat(vm.lastingProperty().get())
                .containsExactly(
                        "false-csum-read changed your btrfs at /mnt/b: corruption_errs of devid 1: 0 -> 32 (+32)");
    }

    @Test
    void aRefusalBeforehandKeepsRunDisabledAndSaysWhy() {
        lesson.set(List.of(Scenario.FALSE_CSUM_READ));
        UserBtrfsConsentViewModel vm = new UserBtrfsConsentViewModel(
                lesson,
                work,
                req -> {
                    throw new KernelLabRefusal(
                            KernelLabRefusal.Reason.NEEDS_CONSENT,
                            "false-csum-read would raise the device error counters; give --allow-error-counters");
                },
                (req, l, c) -> {
                    throw new AssertionError("must not run");
                });
        vm.setMount(Path.of("/mnt/b"));
        work.runAll();
        assertThat(vm.readyProperty().get()).isFalse();
        assertThat(vm.statusProperty().get())
                .isEqualTo("Not run: false-csum-read would raise the device error counters; give"
                        + " --allow-error-counters");
    }
}
