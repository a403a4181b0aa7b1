package org.diolab.live.probe;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.diolab.sys.MountTable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EnvironmentProbeTest {
    @TempDir
    Path dir;

    @Test
    void describesTheFilesystemOfTheScratchDirectoryFromMountinfo() {
        Environment.Filesystem fs = EnvironmentProbe.filesystem(dir);
        MountTable.Mount m =
                MountTable.containing(MountTable.parse(lines()), realDir()).orElseThrow();
        assertThat(fs.type()).isEqualTo(m.fsType());
        assertThat(fs.mountPoint()).isEqualTo(m.mountPoint().toString());
        assertThat(fs.source()).isEqualTo(m.source());
        assertThat(fs.mountOptions()).isEqualTo(m.mountOptions()).doesNotContain(" ");
        assertThat(realDir().startsWith(Path.of(fs.mountPoint()))).isTrue();
    }

    private Path realDir() {
        try {
            return dir.toRealPath();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static List<String> lines() {
        try {
            return Files.readAllLines(MountTable.MOUNTINFO);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
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
