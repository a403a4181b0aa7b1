package org.diolab.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.diolab.engine.invariant.ChecksumMatches;
import org.diolab.engine.invariant.MirrorsAgree;
import org.diolab.engine.invariant.Violation;
import org.diolab.engine.model.BioOp;
import org.diolab.engine.model.Crc32c;
import org.diolab.engine.model.World;
import org.diolab.engine.step.DeviceSteps;
import org.diolab.engine.step.Instr;
import org.diolab.engine.step.ThreadSteps;
import org.junit.jupiter.api.Test;

class InvariantsTest {
    @Test
    void mirrorsMayDifferWhileAWriteIsInFlightButNotAfter() {
        World w = Worlds.raid1(true, "B", "AAAA");
        w = ThreadSteps.apply(w, "t", new Instr.BuildBio("w1", BioOp.WRITE, List.of("B"), 0, "raid1"))
                .world();
        w = ThreadSteps.apply(w, "t", new Instr.SubmitBio("w1")).world();
        w = DeviceSteps.serve(w, "leg0").world();
        assertThat(new MirrorsAgree().check(w)).as("leg1 has not written yet").isEmpty();
        w = ThreadSteps.apply(w, "t2", new Instr.Store("B", "BBBB")).world();
        w = DeviceSteps.serve(w, "leg1").world();
        List<Violation> v = new MirrorsAgree().check(w);
        assertThat(v).singleElement().satisfies(x -> {
            assertThat(x.invariant()).isEqualTo("mirrors-agree");
            assertThat(x.detail()).isEqualTo("block 0: leg0 holds 'AAAA', leg1 holds 'BBBB'");
            assertThat(x.refs()).extracting(Object::toString).containsExactly("block:leg0/0", "block:leg1/0");
        });
    }

    @Test
    void aWritePastTheBlocksSetUpIsCheckedWithoutThrowing() {
        // Worlds.raid1 sets up blocks 0 and 1: this write lands on block 2, on leg0 first.
        World w = Worlds.raid1(true, "B", "AAAA", "C", "CCCC");
        w = ThreadSteps.apply(w, "t", new Instr.BuildBio("w1", BioOp.WRITE, List.of("B", "C"), 1, "raid1"))
                .world();
        w = ThreadSteps.apply(w, "t", new Instr.SubmitBio("w1")).world();
        w = DeviceSteps.serve(w, "leg0").world();
        assertThat(w.device("leg1").blocks()).doesNotContainKey(2);
        assertThat(new MirrorsAgree().brokenIn(w))
                .as("leg1 has not written yet")
                .isFalse();
        assertThat(new MirrorsAgree().check(w)).isEmpty();
        w = DeviceSteps.serve(w, "leg1").world();
        assertThat(new MirrorsAgree().brokenIn(w)).isFalse();
        assertThat(new MirrorsAgree().check(w)).isEmpty();
    }

    @Test
    void identicalLegsAgree() {
        assertThat(new MirrorsAgree().check(Worlds.raid1(true))).isEmpty();
    }

    @Test
    void checksumMustMatchWhatTheLegsStored() {
        World w = Worlds.raid1(false, "B", "AAAA");
        w = ThreadSteps.apply(w, "t", new Instr.BuildBio("w1", BioOp.WRITE, List.of("B"), 0, "raid1"))
                .world();
        w = ThreadSteps.apply(w, "t", new Instr.ComputeCsum("w1")).world();
        w = ThreadSteps.apply(w, "t", new Instr.SubmitBio("w1")).world();
        w = DeviceSteps.serve(w, "leg0").world();
        Instr.AwaitBio endIo = new Instr.AwaitBio("w1", true);
        World good = ThreadSteps.apply(DeviceSteps.serve(w, "leg1").world(), "t", endIo)
                .world();
        assertThat(new ChecksumMatches().check(good)).isEmpty();
        World changed = ThreadSteps.apply(w, "t2", new Instr.Store("B", "BBBB")).world();
        World landed = DeviceSteps.serve(changed, "leg1").world();
        assertThat(new ChecksumMatches().check(landed))
                .as("until end_io the new checksum is not in the table")
                .isEmpty();
        World bad = ThreadSteps.apply(landed, "t", endIo).world();
        assertThat(new ChecksumMatches().check(bad))
                .singleElement()
                .satisfies(x -> assertThat(x.detail())
                        .isEqualTo("block 0 on leg1 holds 'BBBB' (crc32c " + Crc32c.hex(Crc32c.of("BBBB"))
                                + ") but the checksum table says " + Crc32c.hex(Crc32c.of("AAAA"))));
    }
}
