package org.diolab.engine;

import static org.assertj.core.api.Assertions.assertThat;

import org.diolab.engine.model.Crc32c;
import org.diolab.engine.model.World;
import org.diolab.engine.step.Instr;
import org.diolab.engine.step.ThreadSteps;
import org.diolab.engine.step.Transition;
import org.junit.jupiter.api.Test;

/** compare_mirrors (md check) reports and changes no data; read_verify (btrfs scrub) reports and repairs. */
class ScrubStepsTest {
    @Test
    void compareMirrorsCountsADisagreementAndChangesNothing() {
        World w = Worlds.raid1(true);
        Transition same = ThreadSteps.apply(w, "admin", new Instr.CompareMirrors(0));
        assertThat(same.world().results())
                .singleElement()
                .satisfies(r -> assertThat(r.outcome()).isEqualTo("in sync"));
        World split = w.withDevice(w.device("leg1").withBlock(0, "BBBB"));
        Transition t = ThreadSteps.apply(split, "admin", new Instr.CompareMirrors(0));
        assertThat(t.world().results()).singleElement().satisfies(r -> {
            assertThat(r.outcome()).isEqualTo("mismatch");
            assertThat(r.detail()).isEqualTo("leg0 '0000', leg1 'BBBB'");
        });
        assertThat(t.world().devices()).isEqualTo(split.devices());
    }

    @Test
    void readVerifyFindsTheLegThatFailsItsChecksumRepairsItAndCannotVerifyNodatasum() {
        World w = Worlds.raid1(false);
        assertThat(w.csums()).as("a checksummed file starts checksummed").containsEntry(0, Crc32c.of("0000"));
        World bad = w.withDevice(w.device("leg1").withBlock(0, "BBBB"));
        Transition t = ThreadSteps.apply(bad, "admin", new Instr.ReadVerify(0));
        assertThat(t.world().results()).singleElement().satisfies(r -> {
            assertThat(r.outcome()).isEqualTo("csum errors on leg1, repaired");
            assertThat(r.detail()).isEqualTo("leg0 '0000' ok; leg1 'BBBB' BAD");
        });
        assertThat(t.world().device("leg1").block(0)).as("rewritten from leg0").isEqualTo("0000");
        assertThat(t.world().device("leg1").corruptionErrs()).isEqualTo(1);
        assertThat(t.world().device("leg0").corruptionErrs()).isZero();
        assertThat(t.action()).contains("rewrites it from the good copy '0000'");
        World bothBad = bad.withDevice(bad.device("leg0").withBlock(0, "AAAA"));
        Transition lost = ThreadSteps.apply(bothBad, "admin", new Instr.ReadVerify(0));
        assertThat(lost.world().results())
                .singleElement()
                .satisfies(r -> assertThat(r.outcome()).isEqualTo("csum errors on leg0, leg1, unrepairable"));
        assertThat(lost.world().device("leg0").block(0))
                .as("nothing to repair from")
                .isEqualTo("AAAA");
        Transition none = ThreadSteps.apply(Worlds.raid1(true), "admin", new Instr.ReadVerify(0));
        assertThat(none.world().results())
                .singleElement()
                .satisfies(r -> assertThat(r.outcome()).isEqualTo("unverifiable"));
        assertThat(none.action()).contains("nothing to verify against");
    }
}
