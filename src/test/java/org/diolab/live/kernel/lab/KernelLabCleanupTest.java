package org.diolab.live.kernel.lab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.TimeUnit;
import org.diolab.cli.KernelLabChild;
import org.diolab.live.job.CancelToken;
import org.diolab.live.kernel.KernelLab;
import org.diolab.live.kernel.KernelLabReport;
import org.diolab.live.kernel.LabProgress;
import org.diolab.live.kernel.scenario.Scenario;
import org.diolab.live.scratch.DirHandle;
import org.diolab.live.scratch.ScratchFile;
import org.diolab.live.scratch.SweepReport;
import org.diolab.sys.MountTable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The lab owns its set-up and teardown: after a cancel mid-run, a failure mid-run, and a process killed with
 * SIGKILL (whose leftovers the next run finds and removes), no mount, loop device or file of the lab is left, and
 * nothing that is not the lab's is touched.
 */
class KernelLabCleanupTest {
    private Path dir;

    @BeforeEach
    void scratch() throws Exception {
        KernelLabSupport.assumeLabRuns();
        dir = KernelLabSupport.scratch();
    }

    @AfterEach
    void cleanUp() throws Exception {
        KernelLabSupport.delete(dir);
    }

    @Test
    void cancelWhileRaidLegsAreWrittenTearsEverythingDown() throws Exception {
        CancelToken cancel = new CancelToken();
        List<String> steps = new ArrayList<>();
        LabProgress.Listener listener = p -> {
            steps.add(p.step());
            if (p.step().startsWith("direct writes to RAID1")) {
                cancel.cancel(); // as the app's Cancel button or Ctrl-C would, from another thread
            }
        };
        assertThatThrownBy(
                        () -> KernelLab.run(KernelLabSupport.request(dir, Scenario.RAID1_DIVERGENCE), listener, cancel))
                .isInstanceOf(CancellationException.class);
        assertThat(steps).anyMatch(s -> s.startsWith("direct writes to RAID1"));
        KernelLabSupport.assertNothingLeft(dir);
    }

    @Test
    void failureWhileALegIsMountedAloneTearsEverythingDown() throws Exception {
        LabProgress.Listener listener = p -> {
            if (p.step().startsWith("reading RAID1 leg 1 alone")) {
                throw new IllegalStateException("simulated failure mid-run");
            }
        };
        assertThatThrownBy(() -> KernelLab.run(
                        KernelLabSupport.request(dir, Scenario.RAID1_DIVERGENCE), listener, new CancelToken()))
                .hasMessageContaining("simulated failure mid-run");
        KernelLabSupport.assertNothingLeft(dir);
    }

    @Test
    void theNextRunRemovesWhatAKilledRunLeft() throws Exception {
        Path notes = Files.writeString(dir.resolve("notes.txt"), "a user's file beside the lab's");
        String notesHash = KernelLabSupport.sha256(notes);
        Process p = KernelLabChild.startRaid1(dir, "32m");
        try {
            // A bound against a hang, not a timing target: on a loaded machine building RAID1 takes a while.
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(180);
            while (MountTable.read().stream().noneMatch(m -> m.mountPoint().startsWith(dir))
                    && System.nanoTime() < deadline
                    && p.isAlive()) {
                Thread.sleep(50);
            }
            assertThat(MountTable.read())
                    .as("the run mounted its RAID1")
                    .anyMatch(m -> m.mountPoint().startsWith(dir));
            Thread.sleep(300); // into the writes
            p.destroyForcibly(); // SIGKILL: no shutdown hook, no teardown
            assertThat(p.waitFor(20, TimeUnit.SECONDS)).isTrue();
        } finally {
            p.destroyForcibly();
        }
        assertThat(MountTable.read())
                .as("left mounted by the killed run")
                .anyMatch(m -> m.mountPoint().startsWith(dir));
        LoopDevices loops = new LoopDevices(HostTools.find("losetup").orElseThrow());
        List<String> killedLoops = loops.list().stream()
                .filter(l -> l.backingFile().startsWith(dir.toString()))
                .map(LoopDevices.Loop::device)
                .toList();
        assertThat(killedLoops).as("loop devices the killed run left").hasSize(2);

        KernelLabReport next = KernelLab.run(
                KernelLabSupport.request(dir, Scenario.STABLE_WRITES), LabProgress.Listener.NONE, new CancelToken());
        assertThat(next.sweptLeftovers())
                .singleElement()
                .asString()
                .contains("removed 1 mount(s), 2 loop device(s), 2 image(s)")
                .contains("left by ended runs")
                .contains("detached " + killedLoops.get(0))
                .contains("detached " + killedLoops.get(1))
                .contains("-raid1-0.img")
                .contains("-raid1-1.img");
        assertThat(KernelLabSupport.sha256(notes))
                .as("a file the lab did not make")
                .isEqualTo(notesHash);
        Files.delete(notes);
        KernelLabSupport.assertNothingLeft(dir);
    }

    @Test
    void aSweepLeavesLiveRunsAndStrangersAlone() throws Exception {
        Path stranger = Files.createDirectory(dir.resolve("unrelated"));
        Path oldStyle = Files.createDirectory(dir.resolve(".dio-lab-kernel-999999999-1-1"));
        Files.writeString(oldStyle.resolve("owned"), "image x.img 0:1 42\n");
        Files.writeString(oldStyle.resolve("lock"), "");
        Map<Path, String> before = KernelLabSupport.hashes(dir);
        try (DirHandle handle = DirHandle.open(dir)) {
            // A live run of this very process: its lock is held, so the sweep must not touch it.
            LabOwnership live = LabOwnership.claim(handle, HostTools.locate(), true);
            try {
                ScratchFile liveImage = live.newImage("live", 1 << 20);
                List<String> problems = new ArrayList<>();
                SweepReport swept = LabOwnership.sweep(handle, HostTools.locate(), problems);
                assertThat(swept.removed()).isEmpty();
                assertThat(swept.undone()).isEmpty();
                assertThat(problems).isEmpty();
                assertThat(swept.left()).extracting(SweepReport.Left::why).contains("a running session holds its lock");
                assertThat(liveImage.path()).exists();
            } finally {
                live.close();
            }
        }
        assertThat(KernelLabSupport.hashes(dir))
                .as("what the sweep found and was not the lab's")
                .isEqualTo(before);
        KernelLabSupport.delete(oldStyle);
        Files.delete(stranger);
        KernelLabSupport.assertNothingLeft(dir);
    }
}
