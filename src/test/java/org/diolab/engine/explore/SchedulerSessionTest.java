package org.diolab.engine.explore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import java.util.List;
import org.diolab.engine.ActorStatus;
import org.diolab.engine.EventKind;
import org.diolab.engine.NarrationBook;
import org.diolab.engine.Simulator;
import org.diolab.engine.Trace;
import org.diolab.engine.op.Policy;
import org.diolab.lesson.Lesson;
import org.junit.jupiter.api.Test;

class SchedulerSessionTest {
    private final Simulator sim = new Simulator(TestScenarios.writeWithStore(true), Policy.ZERO_COPY);

    private static SchedulerSession stepped(SchedulerSession s, String... actors) {
        for (String a : actors) {
            s = ((StepOutcome.Stepped) s.step(a)).session();
        }
        return s;
    }

    @Test
    void atTheStartTheThreadsAreReadyAndTheDevicesIdle() {
        SchedulerSession s = SchedulerSession.start(sim);

        assertThat(s.actors())
                .extracting(ActorView::id, ActorView::describe)
                .containsExactly(
                        tuple("app", "ready: pin"),
                        tuple("app2", "ready: store"),
                        tuple("leg0", "idle: nothing queued"),
                        tuple("leg1", "idle: nothing queued"));
        assertThat(s.ready()).containsExactly("app", "app2");
        assertThat(s.canUndo()).isFalse();
        assertThat(s.trace().size()).isEqualTo(1);
    }

    @Test
    void steppingAReadyActorAdvancesTheRunAndNamesTheStep() {
        StepOutcome out = SchedulerSession.start(sim).step("app");

        assertThat(out).isInstanceOfSatisfying(StepOutcome.Stepped.class, ok -> {
            assertThat(ok.snapshot().event().action()).startsWith("app pins B");
            assertThat(ok.session().current()).isEqualTo(ok.snapshot());
            assertThat(ok.session().schedule()).containsExactly("app");
            assertThat(ok.session().trace().size()).isEqualTo(2);
        });
    }

    @Test
    void aBlockedActorIsListedWithWhomItWaitsForAndRefusedWithTheReason() {
        SchedulerSession s = stepped(SchedulerSession.start(sim), "app", "app", "app");

        ActorView app = s.actors().getFirst();
        assertThat(app.status())
                .isEqualTo(new ActorStatus.Blocked("end-io", "waits for w1@leg0 to complete", List.of("leg0")));
        assertThat(app.describe()).isEqualTo("blocked at end-io: waits for w1@leg0 to complete");
        assertThat(s.step("app"))
                .isEqualTo(new StepOutcome.Refused(
                        "app",
                        "app is blocked at end-io: it waits for "
                                + "w1@leg0 to complete (waiting for leg0); ready now: app2, leg0, leg1"));
    }

    @Test
    void idleAndUnknownActorsAreRefusedAndTheSessionIsUnchanged() {
        SchedulerSession s = SchedulerSession.start(sim);

        assertThat(s.step("leg0"))
                .isEqualTo(new StepOutcome.Refused("leg0", "leg0 has nothing queued; ready now: app, app2"));
        assertThat(((StepOutcome.Refused) s.step("nobody")).reason())
                .isEqualTo("there is no actor 'nobody'; actors: app, app2, leg0, leg1; ready now: app, app2");
        SchedulerSession done = stepped(s, "app2");
        assertThat(((StepOutcome.Refused) done.step("app2")).reason()).startsWith("app2 has finished its program");
        assertThat(s.trace().size()).isEqualTo(1);
    }

    @Test
    void undoGoesBackToThePreviousSnapshotAndLeavesLaterVersionsIntact() {
        SchedulerSession start = SchedulerSession.start(sim);
        SchedulerSession two = stepped(start, "app", "app2");

        SchedulerSession one = two.undo();

        assertThat(one.state()).isEqualTo(stepped(start, "app").state());
        assertThat(one.schedule()).containsExactly("app");
        assertThat(one.undo().state()).isEqualTo(start.state());
        assertThat(two.schedule()).containsExactly("app", "app2");
        assertThatThrownBy(start::undo)
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("nothing to undo");
    }

    @Test
    void playingTheLessonsScriptByHandGivesTheLessonsTraceNarrationIncluded() {
        Lesson lesson = TestScenarios.raid1Lesson();
        for (Policy p : List.of(Policy.ZERO_COPY, Policy.BOUNCE)) {
            Trace scripted = lesson.play(p);
            assertThat(scripted.snapshots()).noneMatch(s -> s.event().kind() == EventKind.BLOCKED);
            Simulator lessonSim = new Simulator(lesson.scenario(), p);

            SchedulerSession s = SchedulerSession.replay(lessonSim, lesson.narration(), Replay.schedule(scripted));

            assertThat(s.trace()).isEqualTo(scripted);
            assertThat(s.finished()).isTrue();
            assertThat(s.deadlocked()).isFalse();
        }
    }

    @Test
    void replayingAScheduleThatPicksABlockedActorSaysWhichStepFails() {
        assertThatThrownBy(
                        () -> SchedulerSession.replay(sim, NarrationBook.empty(), List.of("app", "app", "app", "app")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("step 4 of the schedule: app is blocked at end-io");
        assertThatThrownBy(() -> Replay.trace(sim, List.of("leg1")))
                .hasMessage("step 1 of the schedule: leg1 has nothing queued; ready now: app, app2");
    }
}
