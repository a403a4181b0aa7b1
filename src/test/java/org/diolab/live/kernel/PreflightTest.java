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
                .contains("--mount DIR")
                .contains("false-csum-read, nowait-read, stable-writes");
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
                .isEqualTo(ALL);
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
    }
}
