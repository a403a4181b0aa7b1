package org.diolab.live.kernel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.diolab.sys.FileId;
import org.junit.jupiter.api.Test;

/** What the lab reads from the kernel and its tools, parsed the way the kernel and util-linux write it. */
class KernelLabParsingTest {
    @Test
    void backingIdentitiesParseAsLosetupPrintsThem() {
        assertThat(FileId.parse("  254:0 ", " 1523714")).isEqualTo(FileId.of(254, 0, 1523714));
        assertThat(FileId.parse("8:300", "7").sameFile(new FileId(8, 300, 7, 1735725600123456789L)))
                .isTrue();
        assertThat(new FileId(8, 300, 7, 1L).sameFile(new FileId(8, 300, 7, 2L)))
                .as("another file, same inode")
                .isFalse();
        assertThatThrownBy(() -> FileId.parse("254", "1")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void losetupJsonGivesBackingIdentities() throws Exception {
        List<LoopDevices.Loop> l = LoopDevices.parse("""
                {"loopdevices": [
                   {"name": "/dev/loop1", "back-file": "/var/tmp/b.img (deleted)", "back-ino": 1523715,
                    "back-maj:min": "     254:0  ", "dio": false},
                   {"name": "/dev/loop0", "back-file": "/var/tmp/a.img", "back-ino": 1523714,
                    "back-maj:min": "254:0", "dio": true}
                ]}""");
        assertThat(l).extracting(LoopDevices.Loop::device).containsExactly("/dev/loop1", "/dev/loop0");
        assertThat(l.getFirst().backing()).isEqualTo(FileId.of(254, 0, 1523715));
        assertThat(l.get(1).directIo()).isTrue();
        assertThat(l.get(1).name()).isEqualTo("loop0");
        assertThat(LoopDevices.parse("")).isEmpty();
    }

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

    @Test
    void scenariosMapToTheirLessons() {
        assertThat(Scenario.forLesson("dio-read-false-checksum-error")).containsExactly(Scenario.FALSE_CSUM_READ);
        assertThat(Scenario.forLesson("raid1-mirrors-diverge")).containsExactly(Scenario.RAID1_DIVERGENCE);
        assertThat(Scenario.forLesson("pin-is-not-a-lock"))
                .contains(Scenario.FALSE_CSUM_READ, Scenario.RAID1_DIVERGENCE);
        assertThat(Scenario.forLesson("exclusive-pin-deadlock")).isEmpty();
        assertThat(Scenario.byId("EXT4-CONVOY")).contains(Scenario.EXT4_CONVOY);
    }
}
