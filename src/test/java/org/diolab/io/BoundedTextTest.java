package org.diolab.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 12, defect 3: only regular files below the cap are read; FIFOs and devices are refused at once. */
class BoundedTextTest {
    @TempDir
    Path dir;

    @Test
    void readsUtf8AndDropsALeadingByteOrderMark() throws IOException {
        Path f = Files.writeString(dir.resolve("a.txt"), "\uFEFFhéllo\n");
        assertThat(BoundedText.read(f, 100, "texts")).isEqualTo("héllo\n");
    }

    @Test
    void refusesFifosAndDevicesQuickly() throws Exception {
        Path fifo = dir.resolve("fifo");
        assertThat(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor())
                .isZero();
        Path zero = Files.createSymbolicLink(dir.resolve("zero.txt"), Path.of("/dev/zero"));
        // A bound against blocking on the FIFO for good, not a timing target: generous for a loaded machine.
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            assertThatThrownBy(() -> BoundedText.read(fifo, 1 << 20, "texts"))
                    .isInstanceOf(UnreadableText.class)
                    .hasMessage("it is a FIFO (named pipe), not a regular file");
            assertThatThrownBy(() -> BoundedText.read(zero, 1 << 20, "texts"))
                    .hasMessage("it is a character device, not a regular file");
            assertThatThrownBy(() -> BoundedText.read(dir, 1 << 20, "texts"))
                    .hasMessage("it is a directory, not" + " a regular file");
        });
    }

    @Test
    void refusesFilesAboveTheCap() throws IOException {
        Path f = Files.writeString(dir.resolve("big.txt"), "x".repeat(3000));
        assertThatThrownBy(() -> BoundedText.read(f, 1024, "lesson files"))
                .hasMessage("the file is 2.9 KiB; lesson files are limited to 1.0 KiB");
    }

    @Test
    void namesTheLineAndColumnOfTheFirstByteThatIsNotUtf8() throws IOException {
        Path f = Files.write(dir.resolve("latin1.txt"), new byte[] {'a', '\n', 'b', 'c', (byte) 0xE9, 'd', '\n'});
        assertThatThrownBy(() -> BoundedText.read(f, 100, "texts"))
                .isInstanceOf(UnreadableText.class)
                .hasMessageContaining("byte 0xE9")
                .satisfies(e -> {
                    assertThat(((UnreadableText) e).line()).isEqualTo(2);
                    assertThat(((UnreadableText) e).column()).isEqualTo(3);
                });
    }

    @Test
    void saysNoSuchFileInWords() {
        assertThatThrownBy(() -> BoundedText.read(dir.resolve("nope"), 100, "texts"))
                .hasMessage("no such file");
    }
}
