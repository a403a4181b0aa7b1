package org.diolab.live.kernel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.TimeUnit;
import org.diolab.cli.CliMain;
import org.diolab.live.CancelToken;
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
        assertThatThrownBy(() -> KernelLab.run(KernelLabSupport.request(dir, Scenario.RAID1_DIVERGENCE), listener,
                cancel)).isInstanceOf(CancellationException.class);
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
        assertThatThrownBy(() -> KernelLab.run(KernelLabSupport.request(dir, Scenario.RAID1_DIVERGENCE), listener,
                new CancelToken())).hasMessageContaining("simulated failure mid-run");
        KernelLabSupport.assertNothingLeft(dir);
    }

    @Test
    void theNextRunRemovesWhatAKilledRunLeft() throws Exception {
        String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "-cp", cp, CliMain.class.getName(), "kernel-lab",
                "raid1-divergence", "--dir", dir.toString(), "--runtime", "60s", "--size", "32m", "--no-progress")
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (MountTable.read().stream().noneMatch(m -> m.mountPoint().startsWith(dir))
                    && System.nanoTime() < deadline && p.isAlive()) {
                Thread.sleep(50);
            }
            assertThat(MountTable.read()).as("the run mounted its RAID1").anyMatch(m -> m.mountPoint()
                    .startsWith(dir));
            Thread.sleep(300); // into the writes
            p.destroyForcibly(); // SIGKILL: no shutdown hook, no teardown
            assertThat(p.waitFor(20, TimeUnit.SECONDS)).isTrue();
        } finally {
            p.destroyForcibly();
        }
        assertThat(MountTable.read()).as("left mounted by the killed run").anyMatch(m -> m.mountPoint()
                .startsWith(dir));

        KernelLabReport next = KernelLab.run(KernelLabSupport.request(dir, Scenario.STABLE_WRITES),
                LabProgress.Listener.NONE, new CancelToken());
        assertThat(next.sweptLeftovers()).singleElement().asString()
                .contains("1 mount(s), 2 loop device(s), 2 image(s)").contains("killed run");
        KernelLabSupport.assertNothingLeft(dir);
    }

    @Test
    void aSweepLeavesLiveRunsAndStrangersAlone() throws Exception {
        // A live run of this very process: its owner is alive, so the sweep must not touch it.
        try (LabOwnership live = LabOwnership.claim(dir)) {
            Path liveImage = live.newImage("live", 1 << 20);
            // A dead owner's directory that names a file it did not create (another inode at that path).
            Path dead = Files.createDirectory(dir.resolve(LabOwnership.PREFIX + "999999999-1-1"));
            Path stranger = Files.writeString(dead.resolve("x.img"), "not the lab's");
            Files.writeString(dead.resolve("owned"), "image x.img 0:1 42\nimage ../../etc 0:1 1\n");
            Files.createDirectory(dir.resolve("unrelated"));

            List<Teardown.Report> swept = LabOwnership.sweep(dir, HostTools.locate());
            assertThat(swept).singleElement().satisfies(r -> {
                assertThat(r.complete()).isFalse();
                assertThat(r.problems()).singleElement().asString().contains("is not the file this run created");
                assertThat(r.deleted()).isEmpty();
            });
            assertThat(liveImage).exists();
            assertThat(stranger).exists().hasContent("not the lab's");
            assertThat(dir.resolve("unrelated")).isDirectory();
            Files.delete(stranger);
            Files.delete(dead.resolve("owned"));
            Files.delete(dead.resolve("lock"));
            Files.delete(dead);
            Files.delete(dir.resolve("unrelated"));
        }
        KernelLabSupport.assertNothingLeft(dir);
    }
}
