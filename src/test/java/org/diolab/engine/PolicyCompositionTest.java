package org.diolab.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.diolab.engine.op.Policy;
import org.diolab.engine.op.PolicyFeatures;
import org.junit.jupiter.api.Test;

/** Policies compose as a+b when the presets decide different things; compositions are interned values. */
class PolicyCompositionTest {
    @Test
    void aCompositionHasEveryPartsFeatures() {
        Policy p = Policy.parse("async-csum+stable-writes");
        assertThat(p.id()).isEqualTo("async-csum+stable-writes");
        assertThat(p.parts()).containsExactly(Policy.ASYNC_CSUM, Policy.STABLE_WRITES);
        assertThat(p.features().csum()).isEqualTo(PolicyFeatures.CsumMode.ASYNC);
        assertThat(p.features().write()).isEqualTo(PolicyFeatures.WriteMode.BUFFERED_FALLBACK);
        assertThat(p.features().stableWrites()).isTrue();
        assertThat(p.includes(Policy.STABLE_WRITES)).isTrue();
        assertThat(p.includes(Policy.BOUNCE)).isFalse();
    }

    @Test
    void compositionsAreInternedSoIdentityIsEquality() {
        assertThat(Policy.parse("bounce+writeback-skips-pinned"))
                .isSameAs(Policy.parse("bounce+writeback-skips-pinned"));
        assertThat(Policy.parse("bounce")).isSameAs(Policy.BOUNCE);
        assertThat(Policy.byId("zero-copy")).contains(Policy.ZERO_COPY);
    }

    @Test
    void twoPresetsThatDecideTheSameThingDifferentlyDoNotCompose() {
        assertThatThrownBy(() -> Policy.parse("bounce+buffered-fallback"))
                .hasMessage("bounce and buffered-fallback both decide how a direct write reaches the device");
        assertThat(Policy.byId("bounce+buffered-fallback")).isEmpty();
        assertThatThrownBy(() -> Policy.parse("bounce+bounse")).hasMessage("unknown policy 'bounse'");
        assertThatThrownBy(() -> Policy.parse("bounce+bounce")).hasMessageContaining("appears twice");
    }

    @Test
    void presetsThatAgreeOnADimensionStillCompose() {
        // both fall back to buffered writes; only async-csum decides the checksum timing
        assertThat(Policy.parse("buffered-fallback+async-csum").features().csum())
                .isEqualTo(PolicyFeatures.CsumMode.ASYNC);
    }
}
