package org.diolab.engine.explore;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.LongStream;
import org.diolab.engine.Simulator;
import org.diolab.engine.Trace;
import org.diolab.engine.TraceText;
import org.diolab.engine.op.Policy;
import org.diolab.lesson.Lesson;
import org.junit.jupiter.api.Test;

class RandomSchedulerTest {
    private final Lesson lesson = TestScenarios.raid1Lesson();
    private final Simulator sim = new Simulator(lesson.scenario(), Policy.ZERO_COPY);

    @Test
    void theSameSeedGivesTheSameTrace() {
        for (long seed = 0; seed < 20; seed++) {
            Trace a = RandomScheduler.run(sim, seed, lesson.narration());
            Trace b = RandomScheduler.run(new Simulator(lesson.scenario(), Policy.ZERO_COPY), seed, lesson.narration());

            assertThat(b).isEqualTo(a);
            assertThat(TraceText.render(b)).isEqualTo(TraceText.render(a));
        }
    }

    @Test
    void differentSeedsPickDifferentInterleavings() {
        Set<List<String>> schedules = new HashSet<>();
        LongStream.range(0, 30).forEach(seed -> schedules.add(Replay.schedule(RandomScheduler.run(sim, seed))));

        assertThat(schedules).hasSizeGreaterThan(20);
    }

    @Test
    void aRunGoesToTheEndAndReplaysToTheSameTrace() {
        Trace t = RandomScheduler.run(sim, 42, lesson.narration());

        assertThat(sim.finished(t.last().state())).isTrue();
        assertThat(Replay.trace(sim, Replay.schedule(t), lesson.narration())).isEqualTo(t);
    }
}
