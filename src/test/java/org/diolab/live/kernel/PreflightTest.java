package org.diolab.live.kernel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.diolab.live.kernel.lab.HostTools;
import org.diolab.live.kernel.lab.KernelLabRefusal;
import org.diolab.live.kernel.scenario.Scenario;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Refusals come before anything is created, and each says what to do. */
class PreflightTest {
    @TempDir
    Path dir;

    private static final HostTools ALL = new HostTools(
            Optional.of(Path.of("/sbin/losetup")),
            Optional.of(Path.of("/bin/mount")),
            Optional.of(Path.of("/sbin/mkfs.btrfs")),
            Optional.of(Path.of("/bin/btrfs")),
            Optional.of(Path.of("/sbin/mkfs.ext4")));

    private KernelLabRequest all() {
        return KernelLabRequest.of(dir, List.of());
    }

    private static KernelLabRefusal refusal(KernelLabRequest req, Preflight.Host host) {
        try {
            Preflight.check(req, host);
        } catch (KernelLabRefusal e) {
            return e;
        } catch (Exception e) {
            throw new AssertionError(e);
        }
        throw new AssertionError("not refused");
    }

    @Test
    void notRootSaysSudoOrMount() {
        KernelLabRefusal e = refusal(all(), new Preflight.Host(false, true, true, ALL));
        assertThat(e.reason()).isEqualTo(KernelLabRefusal.Reason.NOT_ROOT);
        assertThat(e.getMessage())
                .contains("sudo")
                .contains("--mount DIR to run nowait-read, stable-writes on a btrfs you mounted")
                .contains("false-csum-read only with --allow-error-counters: it raises that btrfs's device error"
                        + " counters for good");
    }

    @Test
    void noLoopDevicesSaysModprobe() {
        KernelLabRefusal e = refusal(all(), new Preflight.Host(true, false, true, ALL));
        assertThat(e.reason()).isEqualTo(KernelLabRefusal.Reason.NO_LOOP_DEVICES);
        assertThat(e.getMessage()).contains("modprobe loop");
    }

    @Test
    void noBtrfsSaysModprobeUnlessOnlyExt4AndStableWritesAreAsked() throws Exception {
        KernelLabRefusal e = refusal(all(), new Preflight.Host(true, true, false, ALL));
        assertThat(e.reason()).isEqualTo(KernelLabRefusal.Reason.NO_BTRFS);
        assertThat(e.getMessage()).contains("modprobe btrfs");
        KernelLabRequest ext4Only = KernelLabRequest.of(dir, List.of(Scenario.EXT4_CONVOY, Scenario.STABLE_WRITES));
        assertThat(Preflight.check(ext4Only, new Preflight.Host(true, true, false, ALL)))
                .isEqualTo(new Preflight.Plan(ALL, java.util.Set.of()));
    }

    @Test
    void missingMkfsBtrfsNamesThePackage() {
        HostTools noMkfs = new HostTools(ALL.losetup(), ALL.mount(), Optional.empty(), ALL.btrfs(), ALL.mkfsExt4());
        KernelLabRefusal e = refusal(all(), new Preflight.Host(true, true, true, noMkfs));
        assertThat(e.reason()).isEqualTo(KernelLabRefusal.Reason.MISSING_TOOL);
        assertThat(e.getMessage()).contains("mkfs.btrfs (btrfs-progs)").contains("apt-get install btrfs-progs");
    }

    @Test
    void aMissingDirectoryIsRefused() {
        KernelLabRequest req = KernelLabRequest.of(dir.resolve("nope"), List.of());
        KernelLabRefusal e = refusal(req, new Preflight.Host(true, true, true, ALL));
        assertThat(e.reason()).isEqualTo(KernelLabRefusal.Reason.BAD_DIRECTORY);
    }

    @Test
    void systemDirectoriesAndMemoryAndPseudoFileSystemsAreRefusedBeforeAskingForRoot() throws Exception {
        Preflight.Host notRoot = new Preflight.Host(false, true, true, ALL);
        KernelLabRefusal etc = refusal(KernelLabRequest.of(Path.of("/etc"), List.of()), notRoot);
        assertThat(etc.reason()).isEqualTo(KernelLabRefusal.Reason.BAD_DIRECTORY);
        assertThat(etc.getMessage())
                .startsWith("/etc, which holds the system's configuration: DIO Lab never puts the lab's images and"
                        + " mount points in the system's own directories")
                .contains("/var/tmp/dio-lab");
        KernelLabRefusal proc = refusal(KernelLabRequest.of(Path.of("/proc"), List.of()), notRoot);
        assertThat(proc.getMessage()).contains("/proc is on proc").contains("not a disk file system");
        assertThat(proc.getMessage()).doesNotContain("MiB free");
        Path shm = Path.of("/dev/shm");
        if (java.nio.file.Files.isDirectory(shm)
                && java.nio.file.Files.getFileStore(shm).type().equals("tmpfs")) {
            KernelLabRefusal mem = refusal(KernelLabRequest.of(shm, List.of()), notRoot);
            assertThat(mem.getMessage())
                    .contains("/dev/shm is on tmpfs, which keeps files in memory")
                    .contains("the lab's images");
        }
        Path link = java.nio.file.Files.createSymbolicLink(dir.resolve("config"), Path.of("/etc"));
        KernelLabRefusal viaLink = refusal(KernelLabRequest.of(link, List.of()), notRoot);
        assertThat(viaLink.getMessage())
                .startsWith(link + " leads (through a symbolic link) to /etc, which holds")
                .doesNotContain("--dir /etc");
    }

    @Test
    void mountModeRefusesScenariosThatNeedTheirOwnDevicesAndNonBtrfs() {
        KernelLabRequest raid = new KernelLabRequest(
                List.of(Scenario.RAID1_DIVERGENCE),
                dir,
                Optional.of(dir),
                KernelLabRequest.DEFAULT_SIZE,
                KernelLabRequest.DEFAULT_RUNTIME);
        KernelLabRefusal e = refusal(raid, new Preflight.Host(false, false, false, ALL));
        // The temp dir is not on btrfs, which is refused first; on a btrfs the scenario would be.
        assertThat(e.reason()).isIn(KernelLabRefusal.Reason.NOT_BTRFS_MOUNT, KernelLabRefusal.Reason.BAD_OPTION);
        assertThat(e.getMessage()).containsAnyOf("not btrfs", "need the lab's own loop devices");
    }

    @Test
    void sizesAndRuntimesOutOfRangeAreRefused() {
        assertThatThrownBy(() -> new KernelLabRequest(List.of(), dir, Optional.empty(), 1 << 20, Duration.ofSeconds(1)))
                .hasMessageContaining("--size");
        assertThatThrownBy(
                        () -> new KernelLabRequest(List.of(), dir, Optional.empty(), 64L << 20, Duration.ofMillis(10)))
                .hasMessageContaining("--runtime");
        // 600.999 s is more than 600 s, though its whole seconds are not
        assertThatThrownBy(() ->
                        new KernelLabRequest(List.of(), dir, Optional.empty(), 64L << 20, Duration.ofMillis(600_999)))
                .hasMessageContaining("--runtime");
    }
}
