package org.diolab.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.diolab.engine.model.BioOp;
import org.diolab.engine.model.BioState;
import org.diolab.engine.model.World;
import org.diolab.engine.step.DeviceSteps;
import org.diolab.engine.step.Instr;
import org.diolab.engine.step.ThreadSteps;
import org.diolab.engine.step.Transition;
import org.junit.jupiter.api.Test;

/** The DMA step: it reads or fills the bvec pages when it runs, in queue order. */
class DeviceStepsTest {
    private World submitted(World w, String bio, BioOp op, String page, String target) {
        World b = ThreadSteps.apply(w, "t", new Instr.BuildBio(bio, op, List.of(page), 0, target))
                .world();
        return ThreadSteps.apply(b, "t", new Instr.SubmitBio(bio)).world();
    }

    @Test
    void writeDmaReadsThePageWhenItRunsNotWhenTheBioWasBuilt() {
        World s = submitted(Worlds.raid1(true, "B", "AAAA"), "w1", BioOp.WRITE, "B", "raid1");
        World leg0Done = DeviceSteps.serve(s, "leg0").world();
        World changed = ThreadSteps.apply(leg0Done, "app2", new Instr.Store("B", "BBBB"))
                .world();
        Transition t = DeviceSteps.serve(changed, "leg1");
        assertThat(t.world().device("leg0").block(0)).isEqualTo("AAAA");
        assertThat(t.world().device("leg1").block(0)).isEqualTo("BBBB");
        assertThat(t.world().bio("w1@leg1").state()).isEqualTo(BioState.DONE);
        assertThat(t.world().device("leg1").queue()).isEmpty();
        assertThat(t.changed())
                .as("the page is read, not changed")
                .extracting(Object::toString)
                .containsExactly("bio:w1@leg1", "block:leg1/0");
    }

    @Test
    void readDmaFillsThePageFromTheBlock() {
        World w = Worlds.raid1(true, "R", "....");
        w = w.withDevice(w.device("leg1").withBlock(0, "ZZZZ"));
        World s = submitted(w, "r0", BioOp.READ, "R", "leg1");
        Transition t = DeviceSteps.serve(s, "leg1");
        assertThat(t.world().page("R").bytes()).isEqualTo("ZZZZ");
        assertThat(t.action()).contains("block 0 = 'ZZZZ' → R");
        assertThat(t.changed()).extracting(Object::toString).containsExactly("bio:r0@leg1", "page:R");
    }

    @Test
    void aDeviceServesItsQueueInOrder() {
        World w = submitted(Worlds.raid1(true, "A", "1111", "B", "2222"), "w1", BioOp.WRITE, "A", "raid1");
        w = submitted(w, "w2", BioOp.WRITE, "B", "raid1");
        assertThat(w.device("leg0").queue()).containsExactly("w1@leg0", "w2@leg0");
        World first = DeviceSteps.serve(w, "leg0").world();
        assertThat(first.device("leg0").block(0)).isEqualTo("1111");
        assertThat(DeviceSteps.serve(first, "leg0").world().device("leg0").block(0))
                .isEqualTo("2222");
    }

    @Test
    void anIdleDeviceHasNothingToServe() {
        World w = Worlds.raid1(true);
        assertThat(DeviceSteps.hasWork(w, "leg0")).isFalse();
        assertThatThrownBy(() -> DeviceSteps.serve(w, "leg0")).hasMessageContaining("nothing queued");
    }
}
