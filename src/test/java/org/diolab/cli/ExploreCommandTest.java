package org.diolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class ExploreCommandTest {
    private static CliRun run(String... args) {
        return CliTest.run(args);
    }

    @Test
    void jsonHasTheCountsAndTheShortestScheduleOfEachViolation() {
        CliRun r = run("explore", "raid1-mirrors-diverge", "--policy", "zero-copy", "--format", "json");

        assertThat(r.code()).isZero();
        JsonNode json = TraceJson.MAPPER.readTree(r.out());
        assertThat(json.propertyNames())
                .containsExactly(
                        "lesson",
                        "policy",
                        "states",
                        "interleavings",
                        "interleavingsExact",
                        "millis",
                        "complete",
                        "exceeded",
                        "maxStates",
                        "stoppedBy",
                        "reduction",
                        "shortestStates",
                        "violations",
                        "deadlocks");
        assertThat(json.get("reduction").asString()).isEqualTo("persistent-sets+symmetry");
        assertThat(json.get("stoppedBy").isNull()).isTrue();
        assertThat(json.get("lesson").asString()).isEqualTo("raid1-mirrors-diverge");
        assertThat(json.get("policy").asString()).isEqualTo("zero-copy");
        assertThat(json.get("states").asInt()).isPositive();
        assertThat(json.get("interleavings").isIntegralNumber()).isTrue();
        assertThat(json.get("millis").isIntegralNumber()).isTrue();
        assertThat(json.get("exceeded").asBoolean()).isFalse();
        JsonNode v = json.get("violations");
        assertThat(v.size()).isEqualTo(1);
        assertThat(v.get(0).propertyNames()).containsExactly("invariant", "schedule", "steps", "detail", "shortest");
        assertThat(v.get(0).get("shortest").asBoolean()).isTrue();
        assertThat(v.get(0).get("invariant").asString()).isEqualTo("mirrors-agree");
        assertThat(v.get(0)
                        .get("schedule")
                        .valueStream()
                        .map(JsonNode::asString)
                        .toList())
                .isEqualTo(List.of("app", "app", "app", "leg0", "app2", "leg1"));
        assertThat(v.get(0).get("steps").valueStream().map(JsonNode::asString).toList())
                .isEqualTo(List.of("app.pin", "app.build-bio", "app.submit", "leg0.dma", "app2.store", "leg1.dma"));
        assertThat(v.get(0).get("detail").asString()).isEqualTo("block 0: leg0 holds 'AAAA', leg1 holds 'BBBB'");
    }

    @Test
    void jsonUnderBounceHasNoViolationAndTheSameShape() {
        CliRun r = run("explore", "raid1-mirrors-diverge", "--policy", "bounce", "--format", "json");

        JsonNode json = TraceJson.MAPPER.readTree(r.out());
        assertThat(json.get("violations").size()).isZero();
        assertThat(json.get("complete").asBoolean()).isTrue();
    }

    @Test
    void textSpellsTheScheduleAsSteps() {
        CliRun r = run("explore", "raid1-mirrors-diverge");

        assertThat(r.code()).isZero();
        assertThat(r.out())
                .contains("policy: zero-copy")
                .containsPattern("explored [0-9,]+ states, ≥ [0-9,]+ complete interleavings, in \\d+ ms")
                .contains("(partial-order reduction: one order of the steps that commute is followed")
                .contains("✗ mirrors-agree — shortest schedule, 6 steps:")
                .contains("app.pin → app.build-bio → app.submit → leg0.dma → app2.store → leg1.dma");
    }

    @Test
    void withoutReductionEveryOrderIsCountedExactlyAndTheFindingsAreTheSame() {
        JsonNode none = TraceJson.MAPPER.readTree(
                run("explore", "raid1-mirrors-diverge", "--reduction", "none", "--format", "json")
                        .out());
        JsonNode reduced = TraceJson.MAPPER.readTree(
                run("explore", "raid1-mirrors-diverge", "--format", "json").out());

        assertThat(none.get("reduction").asString()).isEqualTo("none");
        assertThat(none.get("interleavingsExact").asBoolean()).isTrue();
        assertThat(none.get("interleavings").asLong()).isEqualTo(272_012_928L);
        assertThat(none.get("states").asInt()).isEqualTo(1900);
        assertThat(reduced.get("states").asInt()).isLessThan(1900 / 3);
        assertThat(reduced.get("interleavingsExact").asBoolean()).isFalse();
        assertThat(reduced.get("violations")).isEqualTo(none.get("violations"));
        assertThat(run("explore", "raid1-mirrors-diverge", "--reduction", "none")
                        .out())
                .containsPattern("explored 1,900 states, 272,012,928 complete interleavings, in \\d+ ms")
                .doesNotContain("partial-order reduction");
    }

    @Test
    void textUnderBounceSaysNothingBreaks() {
        assertThat(run("explore", "raid1-mirrors-diverge", "--policy", "bounce").out())
                .contains("No invariant broken under bounce in any interleaving.");
    }

    @Test
    void aSmallStateBudgetIsReportedAsExceeded() {
        CliRun text = run("explore", "raid1-mirrors-diverge", "--max-states", "20");
        CliRun json = run("explore", "raid1-mirrors-diverge", "--max-states", "20", "--format", "json");

        assertThat(text.code()).isZero();
        assertThat(text.out())
                .contains("STOPPED at the state budget (--max-states 20)")
                .contains("No invariant broken in the states explored.");
        assertThat(TraceJson.MAPPER.readTree(json.out()).get("exceeded").asBoolean())
                .isTrue();
        assertThat(TraceJson.MAPPER
                        .readTree(json.out())
                        .get("interleavingsExact")
                        .asBoolean())
                .isFalse();
    }

    @Test
    void unknownLessonPolicyOrBudgetExitWith2() {
        CliRun lesson = run("explore", "raid9");
        CliRun policy = run("explore", "raid1-mirrors-diverge", "--policy", "copy");
        CliRun budget = run("explore", "raid1-mirrors-diverge", "--max-states", "0");
        CliRun reduction = run("explore", "raid1-mirrors-diverge", "--reduction", "sleep");

        assertThat(lesson.code()).isEqualTo(2);
        assertThat(lesson.err()).contains("unknown lesson 'raid9'").contains("raid1-mirrors-diverge");
        assertThat(lesson.out()).isEmpty();
        assertThat(policy.code()).isEqualTo(2);
        assertThat(policy.err()).contains("has no policy 'copy'. Policies: zero-copy, bounce");
        assertThat(budget.code()).isEqualTo(2);
        assertThat(budget.err()).contains("--max-states must be at least 1");
        assertThat(reduction.code()).isEqualTo(2);
        assertThat(reduction.err())
                .contains("unknown reduction 'sleep'. Reductions: none, persistent-sets, persistent-sets+symmetry");
    }
}
