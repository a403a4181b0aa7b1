package org.diolab.live.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.diolab.live.job.FioJobFile;
import org.diolab.live.job.JobSpec;
import org.diolab.live.job.LiveRefusal;
import org.diolab.live.scratch.ScratchDir;
import org.diolab.sys.DirectIoAlignment;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A direct job's sizes against what the file allows: statx's answer where the kernel gives one, else the device's. */
class DirectAlignmentCheckTest {
    private static final DirectIoAlignment SECTOR = new DirectIoAlignment(512, 512, "statx STATX_DIOALIGN");
    private static final DirectIoAlignment PAGE = new DirectIoAlignment(4096, 4096, "statx STATX_DIOALIGN");
    private static final Path DIR = Path.of("scratch");

    private static JobSpec job(String options) {
        return FioJobFile.parse("[j]\ndirect=1\nsize=64m\n" + options.replace(' ', '\n') + "\n", "t.fio")
                .jobs()
                .getFirst();
    }

    @Test
    void sizesOfOneLogicalBlockRunWhereTheFileAllowsThemAndAreRefusedNamingItsAlignmentWhereNot() {
        JobSpec iometer = job("rw=randrw bssplit=512/10:1k/5:2k/5:4k/60:8k/2:16k/4:32k/4:64k/10");
        assertThatCode(() -> DirectAlignmentCheck.check(iometer, SECTOR, DIR)).doesNotThrowAnyException();
        assertThatThrownBy(() -> DirectAlignmentCheck.check(iometer, PAGE, DIR))
                .isInstanceOf(LiveRefusal.class)
                .hasMessage("bssplit size 512 is not a multiple of 4096, the direct-I/O alignment of files in scratch"
                        + " (statx STATX_DIOALIGN); use multiples of 4096");
    }

    @Test
    void bsAndBlockalignAreCheckedAsWellAndTheBufferAlignmentToo() {
        assertThatThrownBy(() -> DirectAlignmentCheck.check(job("bs=2k"), PAGE, DIR))
                .hasMessageStartingWith("bs 2k is not a multiple of 4096, the direct-I/O alignment");
        assertThatThrownBy(() -> DirectAlignmentCheck.check(job("rw=randread bs=4k blockalign=512"), PAGE, DIR))
                .hasMessageStartingWith("blockalign 512 is not a multiple of 4096");
        DirectIoAlignment bigBuffers = new DirectIoAlignment(8192, 512, "statx STATX_DIOALIGN");
        assertThatThrownBy(() -> DirectAlignmentCheck.check(job("bs=4k"), bigBuffers, DIR))
                .hasMessageContaining("the direct-I/O buffer alignment of files in scratch");
    }

    @Test
    void aScratchDirectoryKnowsWhatItsFilesAllow(@TempDir Path tmp) throws IOException {
        Path d = Files.createDirectories(tmp.resolve("s"));
        try (ScratchDir s = ScratchDir.open(d)) {
            DirectIoAlignment a = s.directIo();
            // Linux 6.1+ answers per file; before that, the device's logical block size; both are powers of two
            assertThat(a.source()).matches("statx STATX_DIOALIGN|the logical block size of \\d+:\\d+|.*block size");
            assertThat(Integer.bitCount(a.offset())).isEqualTo(1);
            assertThat(a.offset()).isBetween(512, 65536);
            assertThat(s.alignment()).isGreaterThanOrEqualTo(a.memory());
        }
    }
}
