package org.diolab.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.diolab.engine.model.BioOp;
import org.diolab.engine.model.BioState;
import org.diolab.engine.model.Crc32c;
import org.diolab.engine.model.PageKind;
import org.diolab.engine.model.World;
import org.diolab.engine.step.DeviceSteps;
import org.diolab.engine.step.Instr;
import org.diolab.engine.step.ThreadSteps;
import org.diolab.engine.step.Transition;
import org.diolab.engine.step.Wait;
import org.junit.jupiter.api.Test;

/** One test per micro-step: what it changes, what it reports as changed, and when it must wait. */
class ThreadStepsTest {
    private final World w = Worlds.raid1(false, "B", "AAAA");

    @Test
    void pinCountsAReferenceAndLeavesTheBytesAlone() {
        Transition t = ThreadSteps.apply(w, "app", new Instr.Pin(List.of("B"), false));
        assertThat(t.world().page("B").pins()).isEqualTo(1);
        assertThat(t.world().page("B").bytes()).isEqualTo("AAAA");
        assertThat(t.changed()).extracting(Object::toString).containsExactly("page:B");
        Transition u = ThreadSteps.apply(t.world(), "app", new Instr.Unpin(List.of("B")));
        assertThat(u.world().page("B").pins()).isZero();
    }

    @Test
    void storeChangesAPinnedPage() {
        World pinned =
                ThreadSteps.apply(w, "app", new Instr.Pin(List.of("B"), false)).world();
        Transition t = ThreadSteps.apply(pinned, "app2", new Instr.Store("B", "BBBB"));
        assertThat(t.world().page("B").bytes()).isEqualTo("BBBB");
        assertThat(t.action()).contains("although it is pinned");
    }

    @Test
    void bounceAllocatesAKernelPageAndCopiesTheUserBytesIntoIt() {
        World a = ThreadSteps.apply(w, "app", new Instr.AllocBounce(List.of("w1.k0"), false))
                .world();
        assertThat(a.page("w1.k0").kind()).isEqualTo(PageKind.BOUNCE);
        Transition c = ThreadSteps.apply(a, "app", new Instr.BounceCopy(List.of("B"), List.of("w1.k0")));
        assertThat(c.world().page("w1.k0").bytes()).isEqualTo("AAAA");
        assertThat(c.changed()).extracting(Object::toString).containsExactly("page:w1.k0");
        World freed = ThreadSteps.apply(c.world(), "app", new Instr.FreePages(List.of("w1.k0")))
                .world();
        assertThat(freed.page("w1.k0").freed()).isTrue();
    }

    @Test
    void buildBioPointsBvecsAtPagesWithoutCopying() {
        Transition t = ThreadSteps.apply(w, "app", new Instr.BuildBio("w1", BioOp.WRITE, List.of("B"), 0, "raid1"));
        assertThat(t.world().bio("w1").pages()).containsExactly("B");
        assertThat(t.world().bio("w1").state()).isEqualTo(BioState.BUILT);
        assertThat(t.world().devices().get("leg0").queue()).isEmpty();
    }

    @Test
    void csumIsRealCrc32cOfThePageAsItIsNow() {
        World built = ThreadSteps.apply(w, "app", new Instr.BuildBio("w1", BioOp.WRITE, List.of("B"), 0, "raid1"))
                .world();
        Transition t = ThreadSteps.apply(built, "app", new Instr.ComputeCsum("w1"));
        assertThat(t.world().bio("w1").sums())
                .as("pending until the write completes")
                .containsEntry(0, Crc32c.of("AAAA"));
        assertThat(t.world().csums())
                .as("the table still has the old block's checksum")
                .containsEntry(0, Crc32c.of("0000"));
        assertThat(t.changed()).extracting(Object::toString).containsExactly("bio:w1");
        assertThat(Crc32c.of("123456789")).isEqualTo(0xE3069283L); // the CRC32C check value
    }

    @Test
    void submitClonesAWriteToEveryLegAndQueuesIt() {
        World built = ThreadSteps.apply(w, "app", new Instr.BuildBio("w1", BioOp.WRITE, List.of("B"), 0, "raid1"))
                .world();
        Transition t = ThreadSteps.apply(built, "app", new Instr.SubmitBio("w1"));
        assertThat(t.world().bio("w1@leg0").pages()).containsExactly("B");
        assertThat(t.world().bio("w1@leg1").parent()).isEqualTo("w1");
        assertThat(t.world().device("leg0").queue()).containsExactly("w1@leg0");
        assertThat(t.world().device("leg1").queue()).containsExactly("w1@leg1");
        assertThat(t.changed()).extracting(Object::toString).containsExactly("bio:w1", "bio:w1@leg0", "bio:w1@leg1");
    }

    @Test
    void aReadGoesToItsOneLeg() {
        World built = ThreadSteps.apply(w, "r", new Instr.BuildBio("r0", BioOp.READ, List.of("B"), 0, "leg1"))
                .world();
        World s = ThreadSteps.apply(built, "r", new Instr.SubmitBio("r0")).world();
        assertThat(s.device("leg0").queue()).isEmpty();
        assertThat(s.device("leg1").queue()).containsExactly("r0@leg1");
    }

    @Test
    void endIoWaitsForEveryCloneThenCompletesTheBio() {
        World built = ThreadSteps.apply(w, "app", new Instr.BuildBio("w1", BioOp.WRITE, List.of("B"), 0, "raid1"))
                .world();
        World submitted =
                ThreadSteps.apply(built, "app", new Instr.SubmitBio("w1")).world();
        Instr.AwaitBio await = new Instr.AwaitBio("w1", false);
        assertThat(ThreadSteps.blockedReason(submitted, "app", await))
                .contains(new Wait("waits for w1@leg0 to complete", List.of("leg0")));
        World one = DeviceSteps.serve(submitted, "leg0").world();
        assertThat(ThreadSteps.blockedReason(one, "app", await))
                .contains(new Wait("waits for w1@leg1 to complete", List.of("leg1")));
        World both = DeviceSteps.serve(one, "leg1").world();
        assertThat(ThreadSteps.blockedReason(both, "app", await)).isEmpty();
        Transition end = ThreadSteps.apply(both, "app", await);
        assertThat(end.world().bio("w1").state()).isEqualTo(BioState.DONE);
        assertThat(end.world().bio("w1").freed()).isTrue();
    }
}
