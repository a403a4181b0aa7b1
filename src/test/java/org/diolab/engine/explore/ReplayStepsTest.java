package org.diolab.engine.explore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.diolab.engine.Simulator;
import org.diolab.engine.op.Policy;
import org.diolab.lesson.Lesson;
import org.diolab.lesson.LessonLoader;
import org.junit.jupiter.api.Test;

/** The explorer's schedules, spelled with step labels for the app as the CLI spells them. */
class ReplayStepsTest {
    private static final Lesson RAID1 =
            LessonLoader.loadBundled().find("raid1-mirrors-diverge").orElseThrow();

    @Test
    void aCounterexampleIsSpelledWithTheStepsItTakes() {
        Simulator sim = RAID1.simulator(Policy.ZERO_COPY);
        Counterexample c = Explorer.explore(sim).violations().getFirst();
        assertThat(c.schedule()).containsExactly("app", "app", "app", "leg0", "app2", "leg1");
        assertThat(Replay.steps(sim, c.schedule()))
                .containsExactly("app.pin", "app.build-bio", "app.submit", "leg0.dma", "app2.store", "leg1.dma");
        assertThat(Replay.spelled(sim, c.schedule()))
                .isEqualTo("app.pin → app.build-bio → app.submit → leg0.dma → app2.store → leg1.dma");
    }

    @Test
    void theSameActorSpellsDifferentStepsUnderAnotherPolicy() {
        Simulator sim = RAID1.simulator(Policy.BOUNCE);
        assertThat(Replay.steps(sim, List.of("app", "app", "app")))
                .containsExactly("app.pin", "app.alloc-bounce", "app.bounce-copy");
    }

    @Test
    void anEmptyScheduleIsTheInitialStateAndABadOneSaysWhy() {
        Simulator sim = RAID1.simulator(Policy.ZERO_COPY);
        assertThat(Replay.steps(sim, List.of())).isEmpty();
        assertThat(Replay.spelled(sim, List.of())).isEqualTo("(the initial state)");
        assertThatThrownBy(() -> Replay.steps(sim, List.of("leg0")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("step 1 of the schedule: ");
    }
}
