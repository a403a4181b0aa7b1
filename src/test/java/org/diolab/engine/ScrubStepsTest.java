package org.diolab.engine;

import static org.assertj.core.api.Assertions.assertThat;

import org.diolab.engine.model.Crc32c;
import org.diolab.engine.model.World;
import org.diolab.engine.step.Instr;
import org.diolab.engine.step.ThreadSteps;
import org.diolab.engine.step.Transition;
import org.junit.jupiter.api.Test;

/** compare_mirrors (md check) and read_verify (btrfs scrub) report; they change no data. */
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
    void readVerifyFindsTheLegThatFailsItsChecksumAndCannotVerifyNodatasum() {
        World w = Worlds.raid1(false);
        assertThat(w.csums()).as("a checksummed file starts checksummed").containsEntry(0, Crc32c.of("0000"));
        World bad = w.withDevice(w.device("leg1").withBlock(0, "BBBB"));
        Transition t = ThreadSteps.apply(bad, "admin", new Instr.ReadVerify(0));
        assertThat(t.world().results()).singleElement().satisfies(r -> {
            assertThat(r.outcome()).isEqualTo("csum errors on leg1");
            assertThat(r.detail()).isEqualTo("leg0 '0000' ok; leg1 'BBBB' BAD");
        });
        Transition none = ThreadSteps.apply(Worlds.raid1(true), "admin", new Instr.ReadVerify(0));
        assertThat(none.world().results())
                .singleElement()
                .satisfies(r -> assertThat(r.outcome()).isEqualTo("unverifiable"));
        assertThat(none.action()).contains("nothing to verify against");
    }
}
