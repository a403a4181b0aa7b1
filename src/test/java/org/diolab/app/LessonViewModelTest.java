package org.diolab.app;

import static org.assertj.core.api.Assertions.assertThat;

import org.diolab.engine.op.Policy;
import org.diolab.lesson.Lesson;
import org.diolab.lesson.LessonLoader;
import org.junit.jupiter.api.Test;

/** The lesson screen's logic, without starting JavaFX. */
class LessonViewModelTest {
    private final Lesson lesson = LessonLoader.loadBundled().find("raid1-mirrors-diverge").orElseThrow();
    private final LessonViewModel vm = new LessonViewModel();

    @Test
    void opensOnTheBrokenPolicyAtTheStart() {
        vm.open(lesson);
        assertThat(vm.policyProperty().get()).isEqualTo(Policy.ZERO_COPY);
        assertThat(vm.indexProperty().get()).isZero();
        assertThat(vm.lastIndexProperty().get()).isEqualTo(22);
        assertThat(vm.snapshotProperty().get().index()).isZero();
        assertThat(vm.lanesProperty().get()).extracting(ActorLane::id)
                .containsExactly("app", "app2", "reader0", "reader1", "leg0", "leg1");
    }

    @Test
    void stepsAreClampedToTheTrace() {
        vm.open(lesson);
        vm.back();
        assertThat(vm.indexProperty().get()).isZero();
        vm.last();
        vm.forward();
        assertThat(vm.indexProperty().get()).isEqualTo(22);
        vm.indexProperty().set(99);
        assertThat(vm.indexProperty().get()).isEqualTo(22);
    }

    @Test
    void theInvariantTurnsRedAtTheSecondDmaAndSwitchingPolicyClearsIt() {
        vm.open(lesson);
        assertThat(vm.jumpToFirstViolation()).isTrue();
        assertThat(vm.indexProperty().get()).isEqualTo(6);
        assertThat(vm.invariantsProperty().get()).singleElement().satisfies(s -> {
            assertThat(s.id()).isEqualTo("mirrors-agree");
            assertThat(s.violated()).isTrue();
        });
        assertThat(vm.lanesProperty().get()).filteredOn(l -> l.id().equals("app")).singleElement()
                .satisfies(l -> assertThat(l.note()).isEqualTo("next: end-io"));
        vm.policyProperty().set(Policy.BOUNCE);
        assertThat(vm.indexProperty().get()).as("same step after replay").isEqualTo(6);
        assertThat(vm.lastIndexProperty().get()).isEqualTo(31); // bounce pins the user pages of the write and of both reads too
        assertThat(vm.invariantsProperty().get()).singleElement().satisfies(s -> assertThat(s.violated()).isFalse());
        assertThat(vm.jumpToFirstViolation()).isFalse();
    }

    @Test
    void playbackTicksToTheEndAndStops() {
        vm.open(lesson);
        vm.togglePlay();
        assertThat(vm.playingProperty().get()).isTrue();
        for (int i = 0; i < 25; i++) {
            vm.tick();
        }
        assertThat(vm.indexProperty().get()).isEqualTo(22);
        assertThat(vm.playingProperty().get()).isFalse();
        vm.togglePlay();
        assertThat(vm.indexProperty().get()).as("play at the end restarts").isZero();
    }
}
