package org.diolab.app.lesson;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.diolab.app.stage.cast.ActorLane;
import org.diolab.engine.op.Policy;
import org.diolab.lesson.Lesson;
import org.junit.jupiter.api.Test;

/** The lesson screen's logic, without starting JavaFX. */
class LessonViewModelTest {
    private final Lesson lesson =
            org.diolab.TestLessons.bundled().find("raid1-mirrors-diverge").orElseThrow();
    private final LessonViewModel vm = new LessonViewModel();

    @Test
    void opensOnTheBrokenPolicyAtTheStart() {
        vm.open(lesson);
        assertThat(vm.policyProperty().get()).isEqualTo(Policy.ZERO_COPY);
        assertThat(vm.indexProperty().get()).isZero();
        assertThat(vm.lastIndexProperty().get()).isEqualTo(22);
        assertThat(vm.snapshotProperty().get().index()).isZero();
        assertThat(vm.lanesProperty().get())
                .extracting(ActorLane::id)
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
        vm.goTo(99);
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
        assertThat(vm.lanesProperty().get())
                .filteredOn(l -> l.id().equals("app"))
                .singleElement()
                .satisfies(l -> assertThat(l.note()).isEqualTo("next: end-io"));
        vm.selectPolicy(Policy.BOUNCE);
        assertThat(vm.indexProperty().get()).as("same step after replay").isEqualTo(6);
        assertThat(vm.lastIndexProperty().get())
                .isEqualTo(31); // bounce pins the user pages of the write and of both reads too
        assertThat(vm.invariantsProperty().get())
                .singleElement()
                .satisfies(s -> assertThat(s.violated()).isFalse());
        assertThat(vm.jumpToFirstViolation()).isFalse();
    }

    @Test
    void playbackTicksToTheEndAndStops() {
        vm.open(lesson);
        vm.playback().togglePlay();
        assertThat(vm.playback().playingProperty().get()).isTrue();
        for (int i = 0; i < 25; i++) {
            vm.playback().tick();
        }
        assertThat(vm.indexProperty().get()).isEqualTo(22);
        assertThat(vm.playback().playingProperty().get()).isFalse();
        vm.playback().togglePlay();
        assertThat(vm.indexProperty().get()).as("play at the end restarts").isZero();
    }

    @Test
    void schedulingFromAStepShownEarlierBranchesFromItAndDropsTheFuture() {
        vm.open(lesson);
        vm.startScheduling();
        for (String actor : new String[] {"app", "app", "app", "leg0", "app2"}) {
            vm.scheduling().schedule(actor);
        }
        vm.back(); // 4 of 5: app2 has not stored 'BBBB' yet
        assertThat(vm.indexProperty().get()).isEqualTo(4);
        vm.scheduling().schedule("leg1");
        assertThat(vm.indexProperty().get()).isEqualTo(5);
        assertThat(vm.lastIndexProperty().get())
                .as("the store stepped back over is gone")
                .isEqualTo(5);
        assertThat(vm.snapshotProperty().get().event().actor()).isEqualTo("leg1");
        assertThat(vm.invariantsProperty().get()).noneMatch(InvariantStatus::violated);
        vm.scheduling().undo();
        assertThat(vm.lastIndexProperty().get()).isEqualTo(4);
        assertThat(vm.snapshotProperty().get().event().actor()).isEqualTo("leg0");
    }

    @Test
    void aPinnedStageDoesNotGoPastItsStepUntilReleased() {
        vm.open(lesson);
        vm.quizPin().pin(Policy.ZERO_COPY, 5, "quiz");
        vm.last();
        assertThat(vm.indexProperty().get()).isEqualTo(5);
        vm.forward();
        vm.goTo(9);
        assertThat(vm.indexProperty().get()).isEqualTo(5);
        vm.back();
        assertThat(vm.indexProperty().get()).as("looking back is allowed").isEqualTo(4);
        vm.playback().togglePlay();
        vm.playback().tick();
        vm.playback().tick();
        assertThat(vm.indexProperty().get()).isEqualTo(5);
        assertThat(vm.playback().playingProperty().get()).isFalse();
        vm.quizPin().unpin();
        vm.playback().playTo(6);
        vm.playback().tick();
        vm.playback().tick();
        assertThat(vm.indexProperty().get()).isEqualTo(6);
        assertThat(vm.playback().playingProperty().get()).isFalse();
    }

    @Test
    void theFrameIsSetOncePerStepWithEverythingTheStepShows() {
        List<LessonFrame> frames = new ArrayList<>();
        vm.frameProperty().addListener((o, a, f) -> frames.add(f));
        vm.open(lesson);
        vm.forward();
        vm.goTo(1); // already there
        vm.forward();
        vm.back();
        vm.selectPolicy(Policy.BOUNCE); // another run, at the same step
        vm.startScheduling();
        vm.scheduling().schedule("app");
        assertThat(frames)
                .extracting(LessonFrame::index)
                .as("one frame per step shown, none twice")
                .containsExactly(0, 1, 2, 1, 1, 0, 1);
        assertThat(frames)
                .extracting(LessonFrame::mode)
                .containsExactly(
                        RunMode.SCRIPT,
                        RunMode.SCRIPT,
                        RunMode.SCRIPT,
                        RunMode.SCRIPT,
                        RunMode.SCRIPT,
                        RunMode.SCHEDULING,
                        RunMode.SCHEDULING);
        assertThat(frames.get(4).trace().policy()).isEqualTo(Policy.BOUNCE);
        LessonFrame now = vm.frameProperty().get();
        assertThat(now.snapshot()).isSameAs(vm.snapshotProperty().get());
        assertThat(now.lanes()).isEqualTo(vm.lanesProperty().get());
        assertThat(now.invariants()).isEqualTo(vm.invariantsProperty().get());
        assertThat(now.scheduling()).isTrue();
        assertThat(now.snapshot().event().actor()).isEqualTo("app");
    }
}
