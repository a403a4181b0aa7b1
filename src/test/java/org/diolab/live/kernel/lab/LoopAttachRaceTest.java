package org.diolab.live.kernel.lab;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.RandomAccessFile;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.diolab.live.scratch.DirHandle;
import org.diolab.live.scratch.ScratchFile;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Choosing a free loop device and configuring it are two steps; on a machine with other loop users (another run,
 * snaps, containers) another process can take the device in between. Here that process is the test: each time the
 * lab is told which device is free, the test attaches a file of its own to exactly that device first. The lab must
 * leave that device alone and attach to another one, backed by its own image.
 */
class LoopAttachRaceTest {
    private Path dir;
    private final List<String> strangers = new ArrayList<>();
    private HostTools tools;

    @BeforeEach
    void setUp() throws Exception {
        KernelLabSupport.assumeLabRuns();
        tools = HostTools.locate();
        dir = KernelLabSupport.scratch();
    }

    @AfterEach
    void tearDown() throws Exception {
        if (dir == null) {
            return;
        }
        LoopDevices loops = new LoopDevices(tools.losetup().orElseThrow());
        for (LoopDevices.Loop l : loops.list()) {
            if (strangers.contains(l.device()) && l.backingFile().startsWith(dir.toString())) {
                Exec.check(
                        List.of(tools.losetup().orElseThrow().toString(), "--detach", l.device()),
                        Duration.ofSeconds(30));
            }
        }
        KernelLabSupport.delete(dir);
    }

    @Test
    void aDeviceTakenBetweenChoiceAndConfigureIsLeftAloneAndAnotherIsUsed() throws Exception {
        Path strangerImage = dir.resolve("stranger.img");
        try (RandomAccessFile f = new RandomAccessFile(strangerImage.toFile(), "rw")) {
            f.setLength(16L << 20);
        }
        String losetup = tools.losetup().orElseThrow().toString();
        int[] asked = {0};
        LoopDevices.FreeDevice racing = () -> {
            int n = LoopDevices.getFree();
            if (asked[0]++ < 2) { // the first two devices the lab is told are free are taken before it configures
                String device = "/dev/loop" + n;
                Exec.check(List.of(losetup, device, strangerImage.toString()), Duration.ofSeconds(30));
                strangers.add(device);
            }
            return n;
        };
        LoopDevices loops = new LoopDevices(tools.losetup().orElseThrow());
        try (DirHandle handle = DirHandle.open(dir);
                LabOwnership own = LabOwnership.claim(handle, tools, true)) {
            ScratchFile img = own.newImage("race-0", 16L << 20);
            LoopDevices.Loop loop = loops.attach(img, false, racing);
            own.attached(loop, img);

            assertThat(asked[0]).as("devices asked for").isEqualTo(3);
            assertThat(strangers).hasSize(2).doesNotContain(loop.device());
            assertThat(loop.backing().sameFile(img.id()))
                    .as("the lab's device is backed by its own image")
                    .isTrue();
            for (String s : strangers) {
                assertThat(loops.list())
                        .as("the stranger's device is untouched")
                        .anyMatch(l -> l.device().equals(s) && l.backingFile().equals(strangerImage.toString()));
            }
            Teardown.Report r = own.remove(List.of(img), List.of());
            assertThat(r.complete()).as(String.join("; ", r.problems())).isTrue();
        }
        for (String s : strangers) {
            assertThat(loops.list())
                    .as("the lab's teardown leaves the stranger's device attached")
                    .anyMatch(l -> l.device().equals(s) && l.backingFile().equals(strangerImage.toString()));
        }
    }
}
