package org.diolab.live.kernel.lab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The lock file's claims for what the lab changes on the host read back as written, and nothing else reads as one. */
class HostClaimsTest {
    @Test
    void aKnobClaimReadsBackAsWritten() {
        HostClaims.Knob k =
                new HostClaims.Knob("/dev/loop3", "stable_writes", "0", ".dio-lab-0a1b2c3d4e5f-stable-0.img");
        assertThat(k.claim()).isEqualTo("knob /dev/loop3 stable_writes 0 .dio-lab-0a1b2c3d4e5f-stable-0.img");
        assertThat(HostClaims.knob(k.claim())).hasValue(k);
        assertThat(k.name()).isEqualTo("loop3");
        assertThat(HostClaims.knob("loop /dev/loop3 .dio-lab-0a1b2c3d4e5f-stable-0.img"))
                .isEmpty();
        assertThat(HostClaims.knob("knob /dev/loop3 stable_writes 0")).isEmpty();
        assertThat(HostClaims.knob("knob /dev/loop3 stable_writes $(rm) x")).isEmpty();
        assertThatThrownBy(() -> new HostClaims.Knob("/dev/loop3", "write_cache", "write back", "x"))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aScrubRecordClaimNamesOnlyAFilesystemUuid() {
        HostClaims.ScrubRecord r = new HostClaims.ScrubRecord("00ab2085-b588-449c-b674-a4b3513d734d", false);
        assertThat(r.claim()).isEqualTo("scrub-record 00ab2085-b588-449c-b674-a4b3513d734d dir-created");
        assertThat(HostClaims.scrubRecord(r.claim())).hasValue(r);
        assertThat(HostClaims.scrubRecord("scrub-record ../../etc/passwd dir-existed"))
                .isEmpty();
        assertThat(HostClaims.scrubRecord("scrub-record * dir-existed")).isEmpty();
    }
}
