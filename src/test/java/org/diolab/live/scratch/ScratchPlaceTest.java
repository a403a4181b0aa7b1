package org.diolab.live.scratch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.diolab.live.job.LiveRefusal;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which places DIO Lab may use, decided on where a path really leads, and what each refusal says. */
class ScratchPlaceTest {
    @TempDir
    Path dir;

    private static Enum<?> reasonOf(Throwable t) {
        return ((LiveRefusal) t).reason();
    }

    @Test
    void theSystemsOwnTreesAreRefusedWithWhatTheyHold() {
        for (String p : List.of(
                "/",
                "/etc",
                "/etc/dio",
                "/usr",
                "/usr/local/src/lab",
                "/bin",
                "/sbin",
                "/lib",
                "/lib64",
                "/libx32",
                "/boot",
                "/boot/efi",
                "/proc",
                "/sys/fs",
                "/dev",
                "/dev/shm",
                "/run",
                "/run/user/1000",
                "/var",
                "/var/lib",
                "/var/lib/docker/x",
                "/var/log/lab",
                "/var/cache",
                "/var/spool",
                "/var/run",
                "/var/lock")) {
            assertThat(SystemPlaces.systemPlace(Path.of(p)))
                    .as(p)
                    .hasValueSatisfying(
                            why -> assertThat(why).startsWith(p + ", ").contains("which holds"));
        }
        assertThat(SystemPlaces.systemPlace(Path.of("/usr/local/src/lab")))
                .hasValue("/usr/local/src/lab, inside /usr, which holds the system's programs and libraries");
    }

    @Test
    void usersAndScratchPlacesAreFine() {
        for (String p : List.of(
                "/home/alice",
                "/home/alice/lab",
                "/root/lab",
                "/tmp",
                "/tmp/lab",
                "/var/tmp",
                "/var/tmp/x",
                "/srv/x",
                "/mnt/x",
                "/media/usb",
                "/opt/data",
                "/library",
                "/variable",
                "/etcetera",
                "/home")) {
            assertThat(SystemPlaces.systemPlace(Path.of(p))).as(p).isEmpty();
        }
    }

    @Test
    void fileSystemsAreSortedIntoDiskPseudoAndMemory() {
        assertThat(SystemPlaces.kind("ext4")).isEqualTo(SystemPlaces.Kind.DISK);
        assertThat(SystemPlaces.kind("btrfs")).isEqualTo(SystemPlaces.Kind.DISK);
        assertThat(SystemPlaces.kind("nfs4")).isEqualTo(SystemPlaces.Kind.DISK);
        for (String t : List.of("proc", "sysfs", "cgroup2", "debugfs", "tracefs", "devpts", "securityfs")) {
            assertThat(SystemPlaces.kind(t)).as(t).isEqualTo(SystemPlaces.Kind.PSEUDO);
        }
        for (String t : List.of("tmpfs", "ramfs", "hugetlbfs", "devtmpfs")) {
            assertThat(SystemPlaces.kind(t)).as(t).isEqualTo(SystemPlaces.Kind.MEMORY);
        }
    }

    @Test
    void aSymlinkToASystemDirectoryIsJudgedByWhereItLeadsAndNeverSuggestsIt() throws IOException {
        Path link = Files.createSymbolicLink(dir.resolve("config"), Path.of("/etc"));
        assertThatThrownBy(() -> ScratchPlace.resolve(link, ScratchPlace.Use.SCRATCH_FILES))
                .satisfies(e -> assertThat(reasonOf(e)).isEqualTo(LiveRefusal.Reason.SYSTEM_DIRECTORY))
                .hasMessageStartingWith(link + " leads (through a symbolic link) to /etc, which holds the system's"
                        + " configuration: DIO Lab never puts scratch files in the system's own directories")
                .hasMessageContaining("/var/tmp/dio-lab")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("--dir /etc"));
        // A path through the link that does not exist is not offered for creation either.
        assertThatThrownBy(() -> ScratchPlace.resolve(link.resolve("new"), ScratchPlace.Use.SCRATCH_FILES))
                .satisfies(e -> assertThat(reasonOf(e)).isEqualTo(LiveRefusal.Reason.SYSTEM_DIRECTORY))
                .hasMessageContaining("to /etc/new, inside /etc")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("mkdir -p /etc", "mkdir -p " + link));
    }

    @Test
    void aMissingDirectoryInASystemTreeIsRefusedAsSuchNotOfferedForCreation() {
        assertThatThrownBy(() -> ScratchPlace.resolve(Path.of("/etc/dio-lab-nowhere"), ScratchPlace.Use.LAB_IMAGES))
                .satisfies(e -> assertThat(reasonOf(e)).isEqualTo(LiveRefusal.Reason.SYSTEM_DIRECTORY))
                .hasMessageStartingWith("/etc/dio-lab-nowhere, inside /etc")
                .hasMessageContaining("the lab's images and mount points")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("mkdir -p /etc"));
    }

    @Test
    void pseudoFileSystemsAreNotDiskFileSystems() {
        assertThatThrownBy(() -> ScratchPlace.resolve(Path.of("/proc/self"), ScratchPlace.Use.LAB_IMAGES))
                .satisfies(e -> assertThat(reasonOf(e)).isEqualTo(LiveRefusal.Reason.NOT_A_DISK))
                .hasMessageContaining("is on proc, a pseudo file system the kernel makes up, not a disk file system");
    }

    @Test
    void aSymlinkToAUsableDirectoryNamesIt() throws IOException {
        Path real = Files.createDirectory(dir.resolve("real"));
        Path link = Files.createSymbolicLink(dir.resolve("link"), real);
        assertThatThrownBy(() -> ScratchPlace.resolve(link, ScratchPlace.Use.LAB_IMAGES))
                .satisfies(e -> assertThat(reasonOf(e)).isEqualTo(LiveRefusal.Reason.SYMLINK))
                .hasMessageEndingWith("Pass the real directory: --dir " + real.toRealPath());
        assertThat(ScratchPlace.resolve(real, ScratchPlace.Use.LAB_IMAGES)).isEqualTo(real.toRealPath());
    }

    @Test
    void aSymlinkToAFileIsNotADirectoryAndADanglingOneSaysItLeadsNowhere() throws IOException {
        Path file = Files.writeString(dir.resolve("f"), "x");
        Path toFile = Files.createSymbolicLink(dir.resolve("to-file"), file);
        assertThatThrownBy(() -> ScratchPlace.resolve(toFile, ScratchPlace.Use.SCRATCH_FILES))
                .satisfies(e -> assertThat(reasonOf(e)).isEqualTo(LiveRefusal.Reason.NOT_A_DIRECTORY))
                .hasMessageContaining("is not a directory");
        Path dangling = Files.createSymbolicLink(dir.resolve("dangling"), dir.resolve("gone"));
        assertThatThrownBy(() -> ScratchPlace.resolve(dangling.resolve("sub"), ScratchPlace.Use.USER_BTRFS))
                .satisfies(e -> assertThat(reasonOf(e)).isEqualTo(LiveRefusal.Reason.SYMLINK))
                .hasMessageContaining(
                        dangling + " is a symbolic link to " + dir.resolve("gone") + ", which does not" + " exist")
                .hasMessageEndingWith("--mount");
    }

    @Test
    void aMissingDirectoryElsewhereSaysHowToCreateIt() {
        Path missing = dir.resolve("a/b");
        assertThatThrownBy(() -> ScratchPlace.resolve(missing, ScratchPlace.Use.SCRATCH_FILES))
                .satisfies(e -> assertThat(reasonOf(e)).isEqualTo(LiveRefusal.Reason.NOT_A_DIRECTORY))
                .hasMessage(
                        missing + " does not exist; create it first (mkdir -p " + missing + ") or pass another --dir");
    }
}
