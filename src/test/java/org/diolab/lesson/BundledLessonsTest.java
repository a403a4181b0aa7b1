package org.diolab.lesson;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import org.diolab.engine.Snapshot;
import org.diolab.engine.Trace;
import org.junit.jupiter.api.Test;

/** Every shipped lesson loads, validates, plays to its end under every policy and keeps its promises. */
class BundledLessonsTest {
    private final LessonLibrary library = LessonLoader.loadBundled();

    @Test
    void noShippedLessonIsBroken() {
        assertThat(library.broken()).as("broken lessons").isEmpty();
        assertThat(library.ids()).contains("raid1-mirrors-diverge");
    }

    @Test
    void everyLessonKeepsItsPromisedOutcomeUnderEveryPolicy() {
        for (Lesson l : library.lessons()) {
            for (PolicyChoice c : l.policies()) {
                Trace t = l.play(c.policy());
                assertThat(t.violatedInvariants())
                        .as("%s under %s", l.id(), c.policy().id())
                        .isEqualTo(l.expect().get(c.policy()).violated());
                // a run ends with every actor done, or in the deadlock the lesson promises
                boolean deadlocks = l.expect().get(c.policy()).violated().contains("no-deadlock");
                assertThat(
                                deadlocks
                                        ? t.last().event().kind() == org.diolab.engine.EventKind.DEADLOCK
                                        : l.simulator(c.policy())
                                                .finished(t.last().state()))
                        .as("%s under %s plays to its end", l.id(), c.policy().id())
                        .isTrue();
            }
        }
    }

    @Test
    void everyLessonHasAQuizAndQuotesItsSeed() {
        for (Lesson l : library.lessons()) {
            assertThat(l.quiz()).as(l.id()).hasSizeGreaterThanOrEqualTo(3);
            assertThat(l.quiz().stream().map(QuizQuestion::kind))
                    .as(l.id())
                    .containsAll(java.util.List.of(QuizKind.values()));
            for (PolicyChoice c : l.policies()) {
                long quoted = l.play(c.policy()).snapshots().stream()
                        .map(Snapshot::narration)
                        .filter(n -> n != null && n.hasQuote())
                        .count();
                assertThat(quoted)
                        .as("%s quotes its seed under %s", l.id(), c.policy().id())
                        .isGreaterThan(0);
            }
        }
    }

    /** The bench options a lesson's live job may use (whether each takes a value is the option table's). */
    private static final Set<String> BENCH_OPTIONS = Set.of(
            "--rw",
            "--rwmixread",
            "--bs",
            "--size",
            "--runtime",
            "--numjobs",
            "--mode",
            "--csum",
            "--csum-impl",
            "--mirrors",
            "--mutators",
            "--nowait",
            "--verify",
            "--shared-file");

    private static final java.util.Map<String, Set<String>> ENUM_VALUES = java.util.Map.of(
            "--mode", Set.of("buffered", "direct", "bounce", "dontcache"),
            "--csum", Set.of("none", "sync", "async"),
            "--csum-impl", Set.of("hw", "sw"),
            "--rw", Set.of("read", "write", "randread", "randwrite", "randrw"));

    @Test
    void everyLiveJobUsesOnlyBenchOptions() {
        for (Lesson l : library.lessons()) {
            assertThat(l.live()).as(l.id()).isNotNull();
            assertThat(l.live().jobs()).as(l.id()).isNotEmpty();
            for (var job : l.live().jobs()) {
                var args = job.args();
                for (int i = 0; i < args.size(); i++) {
                    String opt = args.get(i);
                    String where = l.id() + " / " + job.name() + ": " + opt;
                    assertThat(BENCH_OPTIONS).as(where).contains(opt);
                    if (org.diolab.live.job.JobOptions.byCli(opt).orElseThrow().takesValue()) {
                        assertThat(i + 1).as(where + " needs a value").isLessThan(args.size());
                        String value = args.get(++i);
                        assertThat(value).as(where).doesNotStartWith("--");
                        if (ENUM_VALUES.containsKey(opt)) {
                            assertThat(ENUM_VALUES.get(opt)).as(where).contains(value);
                        }
                    }
                }
            }
        }
    }

    @Test
    void kernelLabScenariosNamedByLessonsExistInTheKernelLab() {
        java.util.Set<String> lab = java.util.Arrays.stream(org.diolab.live.kernel.scenario.Scenario.values())
                .map(org.diolab.live.kernel.scenario.Scenario::id)
                .collect(java.util.stream.Collectors.toSet());
        assertThat(KernelLabRef.SCENARIOS).containsExactlyInAnyOrderElementsOf(lab);
        for (Lesson l : library.lessons()) {
            l.kernelLab().forEach(k -> assertThat(lab).as(l.id()).contains(k.scenario()));
        }
    }

    @Test
    void everyShippedLessonPassesCheck() {
        LessonLibrary checked = LessonLoader.checkBundled();
        assertThat(checked.broken()).as("problems found by playing the lessons").isEmpty();
        assertThat(checked.ids()).containsExactlyElementsOf(library.ids());
    }

    @Test
    void raid1LessonDivergesUnderZeroCopyAtTheSecondLegsDma() {
        Lesson l = library.find("raid1-mirrors-diverge").orElseThrow();
        Trace broken = l.play(org.diolab.engine.op.Policy.ZERO_COPY);
        Snapshot first = broken.get(broken.firstViolationIndex());
        assertThat(first.event().actor()).isEqualTo("leg1");
        assertThat(first.event().label()).isEqualTo("dma");
        assertThat(first.narration().source()).isEqualTo("003_cf655875e5a3f591.txt");
        var world = broken.last().state().world();
        assertThat(Set.of(world.page("R0").bytes(), world.page("R1").bytes()))
                .containsExactlyInAnyOrder("AAAA", "BBBB");
        var fixed = l.play(org.diolab.engine.op.Policy.BOUNCE).last().state().world();
        assertThat(fixed.page("R0").bytes())
                .isEqualTo("AAAA")
                .isEqualTo(fixed.page("R1").bytes());
    }
}
