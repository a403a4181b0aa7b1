package org.diolab.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.diolab.live.job.CancelToken;
import org.diolab.live.kernel.KernelLab;
import org.diolab.live.kernel.KernelLabReport;
import org.diolab.live.kernel.KernelLabRequest;
import org.diolab.live.kernel.scenario.Scenario;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The lab's own runs (--dir) change two things of the host that outlive a volume: a scrub makes btrfs-progs write
 * /var/lib/btrfs/scrub.status.UUID, and a loop device keeps a queue setting such as stable_writes after it is
 * detached. Both are now undone: after datasum-write (which scrubs) and stable-writes (which sets stable_writes on
 * its loop device), no scrub record of the run's volumes is left and every loop device the run used reads as before.
 * The run's devices and volumes are found while it runs, from the backing files in its own directory, so other
 * programs' loop devices and scrubs on the same machine do not count.
 */
class LabHostStateTest {
    private Path dir;

    @BeforeEach
    void scratch() throws Exception {
        Root.assumeLab();
        dir = Root.scratch("lab-host-state");
    }

    @AfterEach
    void removeIt() throws Exception {
        if (dir != null) {
            Files.deleteIfExists(dir);
        }
    }

    @Test
    void theRunsScrubRecordsAndLoopQueueSettingsAreUndone() throws Exception {
        Map<String, String> queuesBefore = loopQueues();
        Set<String> loops = new LinkedHashSet<>();
        Set<String> volumes = new LinkedHashSet<>();
        KernelLabRequest req = new KernelLabRequest(
                List.of(Scenario.DATASUM_WRITE, Scenario.STABLE_WRITES),
                dir,
                Optional.empty(),
                32L << 20,
                java.time.Duration.ofMillis(500));
        KernelLabReport r = KernelLab.run(
                req,
                p -> {
                    try {
                        seeTheRunsDevices(loops, volumes);
                    } catch (IOException e) {
                        throw new IllegalStateException(e);
                    }
                },
                new CancelToken());
        assertThat(r.leftBehind()).isEmpty();
        assertThat(loops).as("the run's loop devices, seen while it ran").isNotEmpty();
        assertThat(volumes).as("the run's btrfs volumes, seen while it ran").isNotEmpty();
        for (String uuid : volumes) {
            assertThat(Path.of("/var/lib/btrfs", "scrub.status." + uuid))
                    .as("btrfs-progs' record of the lab's scrub of " + uuid)
                    .doesNotExist();
            assertThat(Path.of("/var/lib/btrfs", "scrub.progress." + uuid)).doesNotExist();
        }
        Map<String, String> queuesAfter = loopQueues();
        for (String loop : loops) {
            String before = queuesBefore.get(loop);
            if (before == null) { // a loop device the run's attach created: it must read as a new one does
                assertThat(queuesAfter.get(loop)).as(loop + " after the run").contains("stable_writes=0");
            } else {
                assertThat(queuesAfter.get(loop))
                        .as(loop + "'s queue settings after the run")
                        .isEqualTo(before);
            }
        }
        UserBtrfsLeftAsItWasTest.assertNoLabDeviceOrMountUnder(dir);
        try (var s = Files.list(dir)) {
            assertThat(s.toList()).isEmpty();
        }
    }

    /** Loop devices over files in this run's directory, and the btrfs volumes on them, as they are now. */
    private void seeTheRunsDevices(Set<String> loops, Set<String> volumes) throws IOException {
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(Path.of("/sys/block"), "loop*")) {
            for (Path b : ds) {
                Path backing = b.resolve("loop/backing_file");
                if (Files.isReadable(backing)
                        && Files.readString(backing).strip().startsWith(dir.toString())) {
                    loops.add(b.getFileName().toString());
                }
            }
        }
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(Path.of("/sys/fs/btrfs"))) {
            for (Path fs : ds) {
                Path devices = fs.resolve("devices");
                if (!Files.isDirectory(devices)) {
                    continue;
                }
                try (DirectoryStream<Path> devs = Files.newDirectoryStream(devices)) {
                    for (Path d : devs) {
                        if (loops.contains(d.getFileName().toString())) {
                            volumes.add(fs.getFileName().toString());
                        }
                    }
                }
            }
        }
    }

    /** Every loop device's writable queue settings that stay after detaching, "stable_writes=0 ...". */
    private static Map<String, String> loopQueues() throws IOException {
        Map<String, String> out = new LinkedHashMap<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(Path.of("/sys/block"), "loop*")) {
            for (Path b : ds) {
                StringBuilder s = new StringBuilder();
                for (String k : List.of("stable_writes", "read_ahead_kb", "scheduler", "rotational", "nr_requests")) {
                    Path p = b.resolve("queue").resolve(k);
                    s.append(k)
                            .append('=')
                            .append(Files.isReadable(p) ? Files.readString(p).strip() : "-")
                            .append(' ');
                }
                out.put(b.getFileName().toString(), s.toString().strip());
            }
        }
        return out;
    }
}
