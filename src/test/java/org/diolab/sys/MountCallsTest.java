package org.diolab.sys;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** mount(2) and umount2(2) as the lab makes them, on a tmpfs of the test's own (as root only). */
class MountCallsTest {
    @Test
    void mountsATmpfsThatMountinfoShowsAndUnmountsItWithoutFollowingALink() throws IOException {
        assumeTrue(LibC.geteuid() == 0, "mount(2) needs root");
        Path target = Path.of("target").toAbsolutePath();
        Files.createDirectories(target);
        Path dir = Files.createTempDirectory(target, "mount-calls").toRealPath();
        try {
            int r = LibC.mount(
                    "dio-lab-test", dir.toString(), "tmpfs", LibC.MS_NOSUID | LibC.MS_NODEV | LibC.MS_NOEXEC);
            assumeTrue(r != Errno.EPERM, "no CAP_SYS_ADMIN here");
            assertThat(r).as(Errno.name(r)).isZero();
            MountTable.Mount m = MountTable.topAt(MountTable.read(), dir).orElseThrow();
            assertThat(m.fsType()).isEqualTo("tmpfs");
            assertThat(m.source()).isEqualTo("dio-lab-test");
            assertThat(m.mountOptions()).contains("nosuid").contains("nodev").contains("noexec");
            Path link = Files.createSymbolicLink(target.resolve(dir.getFileName() + "-link"), dir);
            try {
                assertThat(LibC.umount2(link.toString(), LibC.UMOUNT_NOFOLLOW))
                        .as("never through a symlink")
                        .isNotZero();
            } finally {
                Files.delete(link);
            }
            assertThat(LibC.umount2(dir.toString(), LibC.UMOUNT_NOFOLLOW)).isZero();
            assertThat(MountTable.topAt(MountTable.read(), dir)).isEmpty();
            assertThat(LibC.umount2(dir.toString(), LibC.UMOUNT_NOFOLLOW)).isEqualTo(Errno.EINVAL);
        } finally {
            LibC.umount2(dir.toString(), LibC.UMOUNT_NOFOLLOW | LibC.MNT_DETACH);
            Files.delete(dir);
        }
    }
}
