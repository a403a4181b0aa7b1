package org.diolab.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.diolab.engine.op.Operation;
import org.diolab.engine.op.Policy;
import org.diolab.engine.step.Instr;
import org.junit.jupiter.api.Test;

class SimulatorTest {
    private final Scenario scenario = new Scenario(
            "t",
            Worlds.raid1(true, "B", "AAAA"),
            List.of(
                    new ActorSpec("app", "writer", List.of(new Operation.DioWrite("w1", List.of("B"), 0, false))),
                    new ActorSpec("app2", "mutator", List.of(new Operation.Store("B", "BBBB")))));

    @Test
    void zeroCopyPinsAndBounceCopies() {
        assertThat(new Simulator(scenario, Policy.ZERO_COPY).program("app"))
                .extracting(Instr::label)
                .containsExactly("pin", "build-bio", "submit", "end-io", "unpin");
        assertThat(new Simulator(scenario, Policy.BOUNCE).program("app"))
                .extracting(Instr::label)
                .containsExactly(
                        "pin",
                        "alloc-bounce",
                        "bounce-copy",
                        "build-bio",
                        "submit",
                        "end-io",
                        "free-bounce",
                        "unpin"); // iomap pins the user page to build the bio btrfs copies from
    }

    @Test
    void aChecksummedFileComputesChecksumsBeforeSubmission() {
        Scenario datasum = new Scenario("t", Worlds.raid1(false, "B", "AAAA"), scenario.threads());
        assertThat(new Simulator(datasum, Policy.ZERO_COPY).program("app"))
                .extracting(Instr::label)
                .containsExactly("pin", "build-bio", "csum", "submit", "end-io", "unpin");
    }

    @Test
    void devicesAreReadyOnlyWithQueuedWork() {
        Simulator sim = new Simulator(scenario, Policy.ZERO_COPY);
        SimState s = sim.initial();
        assertThat(sim.ready(s)).containsExactly("app", "app2");
        for (int i = 0; i < 3; i++) {
            s = sim.step(s, "app").next();
        }
        assertThat(sim.status(s, "app")).isInstanceOf(ActorStatus.Blocked.class);
        assertThat(sim.ready(s)).containsExactly("app2", "leg0", "leg1");
        assertThat(sim.finished(s)).isFalse();
    }

    @Test
    void theScriptedRunIsDeterministicAndFinishes() {
        List<ScheduleEntry> script = List.of(
                new ScheduleEntry("app", "submit"), ScheduleEntry.oneStep("leg0"), ScheduleEntry.oneStep("app2"));
        Trace a = ScriptedRunner.run(new Simulator(scenario, Policy.ZERO_COPY), script, NarrationBook.empty());
        Trace b = ScriptedRunner.run(new Simulator(scenario, Policy.ZERO_COPY), script, NarrationBook.empty());
        assertThat(a).isEqualTo(b);
        assertThat(TraceText.render(a)).isEqualTo(TraceText.render(b));
        assertThat(a.violatedInvariants()).containsExactly("mirrors-agree");
        assertThat(a.violationOnsets())
                .singleElement()
                .satisfies(v -> assertThat(v.step()).isEqualTo(6));
        assertThat(new Simulator(scenario, Policy.ZERO_COPY).finished(a.last().state()))
                .isTrue();
        Trace bounced = ScriptedRunner.run(new Simulator(scenario, Policy.BOUNCE), script, NarrationBook.empty());
        assertThat(bounced.violatedInvariants()).isEmpty();
    }

    @Test
    void aScriptedActorThatMustWaitIsRecordedAsBlocked() {
        List<ScheduleEntry> script = List.of(new ScheduleEntry("app", "end-io"));
        Trace t = ScriptedRunner.run(new Simulator(scenario, Policy.ZERO_COPY), script, NarrationBook.empty());
        assertThat(t.get(4).event().kind()).isEqualTo(EventKind.BLOCKED);
        assertThat(t.get(4).event().action()).isEqualTo("app waits for w1@leg0 to complete");
        assertThat(t.get(4).state()).isEqualTo(t.get(3).state());
    }

    @Test
    void narrationPrefersTheMostSpecificRule() {
        Narration any = Narration.plain("any dma");
        Narration second = Narration.plain("second dma");
        Narration bounce = Narration.plain("bounce dma");
        NarrationBook book = new NarrationBook(
                null,
                null,
                List.of(
                        new NarrationRule("leg0", "dma", 0, null, any),
                        new NarrationRule("leg0", "dma", 2, null, second),
                        new NarrationRule("leg0", "dma", 0, Policy.BOUNCE, bounce)));
        assertThat(book.find(Policy.ZERO_COPY, "leg0", "dma", 1)).isSameAs(any);
        assertThat(book.find(Policy.ZERO_COPY, "leg0", "dma", 2)).isSameAs(second);
        assertThat(book.find(Policy.BOUNCE, "leg0", "dma", 1)).isSameAs(bounce);
        assertThat(book.find(Policy.BOUNCE, "leg1", "dma", 1)).isNull();
    }
}
