package org.diolab.live.kernel.lab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.diolab.sys.FileId;
import org.junit.jupiter.api.Test;

/** What the lab reads from its tools, parsed the way util-linux writes it. */
class LabParsingTest {
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
}
