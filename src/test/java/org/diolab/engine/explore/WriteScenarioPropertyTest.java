package org.diolab.engine.explore;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import net.jqwik.api.Disabled;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.diolab.engine.Scenario;
import org.diolab.engine.Simulator;
import org.diolab.engine.Trace;
import org.diolab.engine.op.Operation;
import org.diolab.engine.op.Policy;
import org.diolab.lesson.Lesson;
import org.diolab.lesson.LessonLoader;

/**
 * Random schedules of every scenario that writes: the fixes that never let the device read user memory keep the
 * mirrors and the checksums right whatever the order; zero-copy does not. The seed is the property's input, so a
 * failure names the seed that reproduces it.
 */
class WriteScenarioPropertyTest {
    /** The policies that copy before submission; {@code buffered-fallback} joins once the model has it. */
    private static final List<Policy> COPYING = Stream.of("bounce", "buffered-fallback")
            .map(Policy::byId).flatMap(Optional::stream).toList();
    /** The lessons' writing scenarios, plus one of our own so there is one even before the lessons have it. */
    private static final List<Scenario> WRITES = writeScenarios();
    private static final Scenario CHECKSUMMED = TestScenarios.writeWithStore(false);

    private static List<Scenario> writeScenarios() {
        List<Scenario> out = new ArrayList<>();
        for (Lesson l : LessonLoader.loadBundled().lessons()) {
            if (l.scenario().threads().stream().flatMap(t -> t.ops().stream())
                    .anyMatch(op -> op instanceof Operation.DioWrite)) {
                out.add(l.scenario());
            }
        }
        out.add(TestScenarios.writeWithStore(true));
        return List.copyOf(out);
    }

    private static boolean breaks(Trace t, String invariant) {
        return t.snapshots().stream().anyMatch(s -> s.violates(invariant));
    }

    @Property(tries = 300)
    void copyingPoliciesKeepMirrorsAndChecksumsAtEveryStep(@ForAll long seed) {
        assertThat(COPYING).contains(Policy.BOUNCE);
        for (Scenario scenario : WRITES) {
            for (Policy p : COPYING) {
                Trace t = RandomScheduler.run(new Simulator(scenario, p), seed);
                assertThat(breaks(t, "mirrors-agree")).as("%s under %s", scenario.name(), p.id()).isFalse();
                assertThat(breaks(t, "checksum-matches")).as("%s under %s", scenario.name(), p.id()).isFalse();
            }
        }
    }

    /**
     * On a checksummed file: the mirrors agree at every step, and once the run is over every leg matches the
     * checksum table. (Every step, for the checksums, is the disabled property below.)
     */
    @Property(tries = 300)
    void copyingPoliciesLeaveAChecksummedWriteMatchingItsChecksum(@ForAll long seed) {
        for (Policy p : COPYING) {
            Trace t = RandomScheduler.run(new Simulator(CHECKSUMMED, p), seed);
            assertThat(breaks(t, "mirrors-agree")).as(p.id()).isFalse();
            assertThat(t.last().violates("checksum-matches")).as(p.id()).isFalse();
        }
    }

    /**
     * Fails today for a reason in the model, not the policy: {@code World.writeInFlight} counts only the per-leg
     * clones, so between {@code csum} and {@code submit} the checksum table already holds the new CRC while no write
     * is "in flight" and the legs still hold the old data. The explorer's shortest schedule for it under bounce is
     * {@code app, app, app, app} (alloc-bounce, bounce-copy, build-bio, csum). Enable once a built, unsubmitted write
     * counts as in flight.
     */
    @Property(tries = 100)
    @Disabled("model: checksum-matches fires between csum and submit (World.writeInFlight ignores unsubmitted bios)")
    void copyingPoliciesKeepAChecksummedWriteMatchingItsChecksumAtEveryStep(@ForAll long seed) {
        for (Policy p : COPYING) {
            assertThat(breaks(RandomScheduler.run(new Simulator(CHECKSUMMED, p), seed), "checksum-matches")).isFalse();
        }
    }

    @Example
    void zeroCopyBreaksTheMirrorsForSomeSeedsButNotAll() {
        for (Scenario scenario : Stream.concat(WRITES.stream(), Stream.of(CHECKSUMMED)).toList()) {
            Simulator sim = new Simulator(scenario, Policy.ZERO_COPY);
            long breaking = LongStream.range(0, 200)
                    .filter(seed -> breaks(RandomScheduler.run(sim, seed), "mirrors-agree")).count();
            assertThat(breaking).as(scenario.name()).isBetween(1L, 199L);
        }
    }

    @Example
    void zeroCopyLeavesAChecksummedBlockNotMatchingItsChecksumForSomeSeedsButNotAll() {
        Simulator sim = new Simulator(CHECKSUMMED, Policy.ZERO_COPY);

        long breaking = LongStream.range(0, 200)
                .filter(seed -> RandomScheduler.run(sim, seed).last().violates("checksum-matches")).count();

        assertThat(breaking).isBetween(1L, 199L);
    }
}
