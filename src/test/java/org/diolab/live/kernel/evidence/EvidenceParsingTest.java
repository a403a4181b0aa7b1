package org.diolab.live.kernel.evidence;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** What the lab reads from the kernel and btrfs-progs, parsed the way they write it. */
class EvidenceParsingTest {
    @Test
    void kmsgRecordsGiveTimeAndText() {
        KernelLog.Line l = KernelLog.parse(
                        "4,1234,1400698632,-;BTRFS warning (device loop0): csum failed root 5" + "\n SUBSYSTEM=block\n")
                .orElseThrow();
        assertThat(l.micros()).isEqualTo(1400698632L);
        assertThat(l.text()).isEqualTo("BTRFS warning (device loop0): csum failed root 5");
        assertThat(KernelLog.parse("no separator")).isEmpty();
    }

    @Test
    void scrubAndErrorStatsFieldsAreRead() {
        List<String> scrub = List.of(
                "scrub done for x", "\tcsum_errors: 3", "\tverify_errors: 0", "\tdata_bytes_scrubbed: 67108864");
        assertThat(BtrfsCounters.field(scrub, "csum_errors")).isEqualTo(3);
        assertThat(BtrfsCounters.field(scrub, "data_bytes_scrubbed")).isEqualTo(67108864);
        assertThat(BtrfsCounters.field(List.of("corruption_errs 47538"), "corruption_errs"))
                .isEqualTo(47538);
        assertThat(BtrfsCounters.field(scrub, "read_errors")).isZero();
    }
}
