package org.diolab.live.scratch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.TimeUnit;
import org.diolab.live.LiveTestSupport;
import org.diolab.live.job.LiveFailure;
import org.diolab.live.job.LiveRefusal;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScratchDirTest {
    @TempDir
    Path dir;

    private static Enum<?> reasonOf(Throwable t) {
        return ((LiveRefusal) t).reason();
    }

    @Test
    void refusesTmpfsBecauseNothingReachesADevice() throws IOException {
        Path shm = Path.of("/dev/shm");
        assumeTrue(
                Files.isDirectory(shm) && Files.getFileStore(shm).type().equals("tmpfs"),
                "/dev/shm is not a tmpfs here");
        assertThatThrownBy(() -> ScratchDir.open(shm))
                .isInstanceOf(LiveRefusal.class)
                .satisfies(e -> assertThat(reasonOf(e)).isEqualTo(LiveRefusal.Reason.NO_DIRECT_IO))
                .hasMessageContaining("tmpfs")
                .hasMessageContaining("--dir");
    }

    @Test
    void refusesAMissingDirectoryAndSaysHowToCreateIt() {
        Path missing = dir.resolve("nope");
        assertThatThrownBy(() -> ScratchDir.open(missing))
                .satisfies(e -> assertThat(reasonOf(e)).isEqualTo(LiveRefusal.Reason.NOT_A_DIRECTORY))
                .hasMessageContaining("does not exist")
                .hasMessageContaining("mkdir -p");
    }

    @Test
    void refusesAFile() throws IOException {
        Path file = Files.writeString(dir.resolve("f"), "x");
        assertThatThrownBy(() -> ScratchDir.open(file))
                .satisfies(e -> assertThat(reasonOf(e)).isEqualTo(LiveRefusal.Reason.NOT_A_DIRECTORY))
                .hasMessageContaining("not a directory");
    }

    @Test
    void refusesASymlinkAndNamesTheRealDirectory() throws IOException {
        Path real = Files.createDirectory(dir.resolve("real"));
        Path link = Files.createSymbolicLink(dir.resolve("link"), real);
        assertThatThrownBy(() -> ScratchDir.open(link))
                .satisfies(e -> assertThat(reasonOf(e)).isEqualTo(LiveRefusal.Reason.SYMLINK))
                .hasMessageContaining("--dir " + real.toRealPath());
        assertThat(LiveTestSupport.entries(real)).isEmpty();
    }

    @Test
    void refusesADirectoryItCannotWriteTo() throws Exception {
        Path ro = Files.createDirectory(dir.resolve("ro"));
        boolean root = "root".equals(System.getProperty("user.name"));
        if (root) {
            // root ignores permission bits; the immutable attribute stops even root (ext4, xfs, btrfs)
            assumeTrue(exec("chattr", "+i", ro.toString()) == 0, "cannot make a directory immutable here");
        } else {
            Files.setPosixFilePermissions(ro, PosixFilePermissions.fromString("r-xr-xr-x"));
        }
        try {
            assertThatThrownBy(() -> ScratchDir.open(ro))
                    .satisfies(e -> assertThat(reasonOf(e)).isEqualTo(LiveRefusal.Reason.NOT_WRITABLE))
                    .hasMessageContaining("cannot create files in " + ro.toRealPath());
        } finally {
            if (root) {
                exec("chattr", "-i", ro.toString());
            } else {
                Files.setPosixFilePermissions(ro, PosixFilePermissions.fromString("rwxr-xr-x"));
            }
        }
    }

    private static int exec(String... cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        p.getInputStream().readAllBytes();
        return p.waitFor(10, TimeUnit.SECONDS) ? p.exitValue() : -1;
    }

    @Test
    void probesODirectAndLeavesNothingBehind() throws IOException {
        try (ScratchDir s = ScratchDir.open(dir)) {
            assertThat(s.alignment()).isGreaterThanOrEqualTo(4096);
            assertThat(s.filesystemType()).isEqualTo(Files.getFileStore(dir).type());
        }
        assertThat(LiveTestSupport.entries(dir)).isEmpty();
    }

    @Test
    void createsOnlyPrefixedFilesAndRemovesThemOnClose() throws IOException {
        Path f;
        try (ScratchDir s = ScratchDir.open(dir)) {
            f = s.file("w0-m0");
            assertThat(f.getParent()).isEqualTo(dir.toRealPath());
            assertThat(f.getFileName().toString()).isEqualTo(".dio-lab-" + s.session() + "-w0-m0");
            assertThat(s.files()).containsExactly(f);
            assertThat(LiveTestSupport.entries(dir))
                    .containsExactlyInAnyOrder(f.getFileName().toString(), ".dio-lab-" + s.session() + ".lock");
        }
        assertThat(f).doesNotExist();
        assertThat(LiveTestSupport.entries(dir)).isEmpty();
    }

    @Test
    void neverWritesThroughASymlinkPlantedAtItsName() throws IOException {
        Path target = Files.writeString(dir.resolve("precious"), "precious");
        try (ScratchDir s = ScratchDir.open(dir)) {
            Path planted = dir.toRealPath().resolve(s.fileName("w0-m0"));
            Files.createSymbolicLink(planted, target);
            assertThatThrownBy(() -> s.file("w0-m0"))
                    .isInstanceOf(LiveFailure.class)
                    .hasMessageContaining("did not create");
            Files.delete(planted);
        }
        assertThat(target).hasContent("precious");
    }
}
