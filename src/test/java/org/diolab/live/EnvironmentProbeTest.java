package org.diolab.live;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EnvironmentProbeTest {
    @TempDir
    Path dir;

    @Test
    void parsesMountinfoWithEscapesAndPicksTheDeepestMount() {
        List<String> lines = List.of(
                "27 1 254:0 / / rw,relatime - ext4 /dev/vda rw,discard",
                "40 27 8:17 / /mnt/my\\040disk rw,noatime shared:5 - xfs /dev/sdb1 rw,attr2",
                "41 40 0:45 / /mnt/my\\040disk/tmp rw - tmpfs tmpfs rw");
        assertThat(MountInfo.containing(lines, "/home/u").orElseThrow().fsType())
                .isEqualTo("ext4");
        MountInfo disk = MountInfo.containing(lines, "/mnt/my disk/lab").orElseThrow();
        assertThat(disk.fsType()).isEqualTo("xfs");
        assertThat(disk.source()).isEqualTo("/dev/sdb1");
        assertThat(disk.majorMinor()).isEqualTo("8:17");
        assertThat(disk.mountPoint()).isEqualTo("/mnt/my disk");
        assertThat(MountInfo.containing(lines, "/mnt/my disk/tmp").orElseThrow().fsType())
                .isEqualTo("tmpfs");
        assertThat(MountInfo.containing(lines, "/mnt/my disk2").orElseThrow().fsType())
                .isEqualTo("ext4");
        assertThat(MountInfo.parse("garbage")).isEmpty();
    }

    @Test
    void findsCrcFeaturesInCpuFlags() {
        assertThat(EnvironmentProbe.crcFeatures(List.of("flags\t\t: fpu sse4_2 avx pclmulqdq")))
                .containsExactly("sse4_2", "pclmulqdq");
        assertThat(EnvironmentProbe.crcFeatures(List.of("Features\t: fp asimd crc32 pmull")))
                .contains("crc32");
        assertThat(EnvironmentProbe.crcFeatures(List.of("flags : fpu mmx"))).isEmpty();
        assertThat(EnvironmentProbe.activeScheduler("none [mq-deadline] kyber")).isEqualTo("mq-deadline");
    }

    @Test
    void describesTheScratchDirectorysFilesystemAsJavaSeesIt() throws Exception {
        Environment e = EnvironmentProbe.probe(dir);
        assertThat(e.filesystem().type()).isEqualTo(Files.getFileStore(dir).type());
        assertThat(e.kernel())
                .isEqualTo(
                        Files.readString(Path.of("/proc/sys/kernel/osrelease")).trim());
        assertThat(e.logicalCpus()).isEqualTo(Runtime.getRuntime().availableProcessors());
        assertThat(e.jdk()).contains(Runtime.version().feature() + "");
        assertThat(EnvironmentProbe.describe(e))
                .contains(e.kernel())
                .contains(e.filesystem().type());
    }
}
