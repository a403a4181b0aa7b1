package org.diolab.app.stage;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.diolab.TestLessons;
import org.diolab.app.stage.cast.ActorLane;
import org.diolab.app.stage.cast.LanePaths;
import org.diolab.app.stage.cast.LaneState;
import org.diolab.app.stage.cast.StageCasting;
import org.diolab.app.stage.layout.WaitLoops;
import org.diolab.engine.Trace;
import org.diolab.engine.op.Policy;
import org.diolab.lesson.Lesson;
import org.junit.jupiter.api.Test;

/**
 * A lane waits once its thread has tried: in exclusive-pin-deadlock T1 waits from step 3 (it asks for B), T2 from step
 * 4 (it asks for A, closing the cycle) — not from step 2, when T2's pin on B merely made T1's next step impossible.
 */
class WaitingLanesTest {
    private final Lesson lesson =
            TestLessons.bundled().find("exclusive-pin-deadlock").orElseThrow();
    private final Policy policy = Policy.byId("exclusive-pin").orElseThrow();
    private final Trace trace = lesson.play(policy);
    private final LanePaths lanes =
            new LanePaths(lesson.simulator(policy), trace, StageCasting.threadTitles(lesson.scenario()));

    @Test
    void eachThreadWaitsFromTheStepItAsksForThePageTheOtherHolds() {
        assertThat(state(2, "t1"))
                .as("%s / %s", trace.get(2).event(), lanes.at(2))
                .isEqualTo(LaneState.READY);
        assertThat(lane(2, "t1").status())
                .isEqualTo("▶ next: " + trace.get(3).event().label());
        assertThat(state(2, "t2")).isEqualTo(LaneState.READY);
        assertThat(WaitLoops.cycle(lanes.at(2))).isEmpty();

        assertThat(state(3, "t1")).isEqualTo(LaneState.BLOCKED);
        assertThat(lane(3, "t1").waitsFor()).containsExactly("t2");
        assertThat(state(3, "t2")).isEqualTo(LaneState.READY);
        assertThat(WaitLoops.cycle(lanes.at(3))).isEmpty();

        assertThat(state(4, "t2")).isEqualTo(LaneState.BLOCKED);
        assertThat(WaitLoops.cycle(lanes.at(4))).containsExactly("t1", "t2");
        assertThat(trace.get(4).violations())
                .as("the engine finds the deadlock a step later")
                .isEmpty();
        assertThat(trace.get(5).violations()).extracting(v -> v.invariant()).containsExactly("no-deadlock");
        assertThat(WaitLoops.cycle(lanes.at(5))).containsExactly("t1", "t2");
    }

    private LaneState state(int k, String actor) {
        return lane(k, actor).state();
    }

    private ActorLane lane(int k, String actor) {
        List<ActorLane> at = lanes.at(k);
        return at.stream().filter(l -> l.id().equals(actor)).findFirst().orElseThrow();
    }
}
