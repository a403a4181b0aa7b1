package org.diolab.reliability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A full filesystem: a small ext4 image, loop-mounted (root and loop devices needed; skipped elsewhere), nearly and
 * then completely filled. {@code bench} refuses with one line and exit 2, leaves nothing in the scratch directory,
 * and changes no file outside it (hashes). The mount is always undone.
 */
class FullFilesystemTest {
    @TempDir
    Path root;

    private Path mnt;
    private boolean mounted;

    @BeforeEach
    void mount() throws IOException {
        assumeTrue(Forks.root(), "needs root to mount a filesystem image");
        assumeTrue(Files.exists(Path.of("/dev/loop-control")), "no loop devices here (/dev/loop-control missing)");
        Path img = root.resolve("fs.img");
        try (var f = java.nio.channels.FileChannel.open(
                img, java.nio.file.StandardOpenOption.CREATE_NEW, java.nio.file.StandardOpenOption.WRITE)) {
            f.truncate(0).position((48 << 20) - 1).write(java.nio.ByteBuffer.wrap(new byte[1]));
        }
        assumeTrue(Forks.exec("mkfs.ext4", "-q", "-F", "-m", "0", img.toString()) == 0, "mkfs.ext4 is not available");
        mnt = Files.createDirectory(root.resolve("mnt"));
        assumeTrue(
                Forks.exec("mount", "-o", "loop", img.toString(), mnt.toString()) == 0,
                "cannot loop-mount an image here (container without loop devices?)");
        mounted = true;
    }

    @AfterEach
    void unmount() {
        if (mounted && Forks.exec("umount", mnt.toString()) != 0) {
            Forks.exec("umount", "-l", mnt.toString()); // lazily, and the loop device detaches with it
        }
    }

    /** Writes zeros to {@code file} until {@code free} bytes are left (or the disk is full when 0). */
    private static void fill(Path file, long free) throws IOException {
        byte[] chunk = new byte[64 << 10];
        try (OutputStream o = Files.newOutputStream(file)) {
            while (true) {
                long usable = Files.getFileStore(file).getUsableSpace();
                if (usable <= free) {
                    break;
                }
                o.write(chunk, 0, (int) Math.min(chunk.length, usable - free));
                o.flush();
            }
        } catch (IOException full) {
            if (free > 0) {
                throw full;
            }
        }
    }

    @Test
    void aNearlyFullAndThenAFullFilesystemAreRefusedCleanly() throws IOException {
        Path scratch = Files.createDirectory(mnt.resolve("scratch"));
        Path outside = Files.createDirectory(mnt.resolve("outside"));
        Files.writeString(outside.resolve("keep.txt"), "the user's file");
        fill(outside.resolve("filler"), 6 << 20);
        Map<String, String> before = TreeHashes.of(mnt, scratch);

        Cli nearlyFull = Cli.benchWrite(scratch, "8m");
        assertThat(nearlyFull.code()).as(nearlyFull.err()).isEqualTo(2);
        assertThat(nearlyFull.err())
                .startsWith("dio-lab: ")
                .contains("is free there")
                .hasLineCount(1);
        assertThat(Forks.entries(scratch)).isEmpty();
        assertThat(TreeHashes.of(mnt, scratch)).isEqualTo(before);

        fill(outside.resolve("filler2"), 0);
        before = TreeHashes.of(mnt, scratch);
        Cli full = Cli.benchWrite(scratch, "1m");
        assertThat(full.code()).as(full.err()).isEqualTo(2);
        assertThat(full.err()).startsWith("dio-lab: ").hasLineCount(1);
        assertThat(Forks.entries(scratch)).as(full.err()).isEmpty();
        assertThat(TreeHashes.of(mnt, scratch)).isEqualTo(before);
    }
}
