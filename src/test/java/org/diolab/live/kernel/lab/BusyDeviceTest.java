package org.diolab.live.kernel.lab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.diolab.sys.LibC;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Another process holding one of the lab's loop devices open exclusively for a moment (on a shared machine: another
 * run's btrfs mount opening device paths it once registered, another mkfs, a scan) made mkfs.btrfs fail with
 * "Device or resource busy" and the whole run with it. The lab retries mkfs and mount while the device is busy, and
 * says so clearly when it stays busy. The holder here is a thread of this test with the device open O_EXCL.
 */
class BusyDeviceTest {
    private Path dir;
    private String device;

    @BeforeEach
    void attach() throws Exception {
        KernelLabSupport.assumeLabRuns();
        dir = KernelLabSupport.scratch();
        Path image = dir.resolve("busy.img");
        try (RandomAccessFile f = new RandomAccessFile(image.toFile(), "rw")) {
            f.setLength(128L << 20);
        }
        device = Exec.check(List.of(losetup(), "--find", "--show", image.toString()), Duration.ofSeconds(30))
                .out()
                .strip();
    }

    @AfterEach
    void detach() throws Exception {
        if (device != null) {
            // Only the device this test attached, and only while it is still backed by the test's image.
            boolean ours = new LoopDevices(Path.of(losetup()))
                    .list().stream()
                            .anyMatch(l ->
                                    l.device().equals(device) && l.backingFile().startsWith(dir.toString()));
            if (ours) {
                Exec.check(List.of(losetup(), "--detach", device), Duration.ofSeconds(30));
            }
        }
        KernelLabSupport.delete(dir);
    }

    private static String losetup() {
        return HostTools.find("losetup").orElseThrow().toString();
    }

    private List<String> mkfs() {
        return List.of(HostTools.find("mkfs.btrfs").orElseThrow().toString(), "-q", "-f", device);
    }

    /** Holds {@code device} open exclusively for {@code hold}, on its own thread; returns once it holds it. */
    private Thread holdExclusively(Duration hold) throws Exception {
        CountDownLatch held = new CountDownLatch(1);
        IOException[] failed = new IOException[1];
        Thread t = new Thread(
                () -> {
                    try (org.diolab.sys.Fd fd = org.diolab.sys.Fd.open(Path.of(device), LibC.O_RDONLY | LibC.O_EXCL)) {
                        held.countDown();
                        Thread.sleep(hold.toMillis());
                    } catch (IOException e) {
                        failed[0] = e;
                        held.countDown();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                },
                "busy-device-holder");
        t.start();
        assertThat(held.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(failed[0]).as("the holder could open the device exclusively").isNull();
        return t;
    }

    @Test
    void mkfsWhileAnotherHolderHasTheDeviceFailsOnceAndSucceedsWhenRetried() throws Exception {
        Thread holder = holdExclusively(Duration.ofMillis(1500));
        Exec.Result once = Exec.run(mkfs(), Duration.ofSeconds(60));
        assertThat(once.ok()).as("mkfs while held: " + once.describe()).isFalse();
        assertThat(Exec.busy(once)).as(once.describe()).isTrue();

        Exec.Result retried = Exec.checkRetryingWhileBusy(mkfs(), Duration.ofSeconds(60), 8, Duration.ofMillis(200));
        assertThat(retried.ok()).isTrue();
        holder.join();
        assertThat(Files.readString(Path.of("/proc/self/mountinfo"))).doesNotContain(device + " ");
    }

    @Test
    void aDeviceThatStaysBusyEndsInOneClearError() throws Exception {
        Thread holder = holdExclusively(Duration.ofSeconds(4));
        assertThatThrownBy(() -> Exec.checkRetryingWhileBusy(mkfs(), Duration.ofSeconds(60), 3, Duration.ofMillis(100)))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("Device or resource busy")
                .hasMessageContaining("still busy after 3 attempts over 0.3 s")
                .hasMessageContaining("holds the device open exclusively");
        holder.join();
    }
}
