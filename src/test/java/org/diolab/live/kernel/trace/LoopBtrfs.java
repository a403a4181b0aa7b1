package org.diolab.live.kernel.trace;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import org.diolab.live.kernel.trace.meaning.LabDevices;
import org.diolab.live.kernel.trace.text.DevNum;

/**
 * A btrfs SINGLE on one loop device over a sparse image in a test's directory, for recording real direct I/O; torn
 * down (unmounted, detached, forgotten, removed) by {@link #close()}.
 */
final class LoopBtrfs implements AutoCloseable {
    final Path image;
    final Path mnt;
    final String loop;
    final DevNum loopDev;
    final DevNum fsDev;
    final String bdi;

    private LoopBtrfs(Path image, Path mnt, String loop, DevNum loopDev, DevNum fsDev, String bdi) {
        this.image = image;
        this.mnt = mnt;
        this.loop = loop;
        this.loopDev = loopDev;
        this.fsDev = fsDev;
        this.bdi = bdi;
    }

    static LoopBtrfs create(Path dir, long size) throws IOException {
        Path image = dir.resolve("btrfs.img");
        try (var f = java.nio.channels.FileChannel.open(
                image, java.nio.file.StandardOpenOption.CREATE_NEW, java.nio.file.StandardOpenOption.WRITE)) {
            f.truncate(0);
            f.write(java.nio.ByteBuffer.wrap(new byte[1]), size - 1);
        }
        String loop = RootLab.run("losetup", "--find", "--show", "--direct-io=on", image.toString())
                .strip();
        Path mnt = Files.createDirectories(dir.resolve("mnt"));
        try {
            RootLab.run("mkfs.btrfs", "-q", "-f", loop);
            RootLab.run("mount", loop, mnt.toString());
            String name = Path.of(loop).getFileName().toString();
            DevNum loopDev = DevNum.parse(
                    Files.readString(Path.of("/sys/block", name, "dev")).strip());
            DevNum fsDev = DevNum.parse(RootLab.mountDev(mnt));
            String uuid =
                    RootLab.run("findmnt", "-n", "-o", "UUID", mnt.toString()).strip();
            String bdi = Files.readSymbolicLink(Path.of("/sys/fs/btrfs", uuid, "bdi"))
                    .getFileName()
                    .toString();
            return new LoopBtrfs(image, mnt, loop, loopDev, fsDev, bdi);
        } catch (IOException | RuntimeException e) {
            undo(image, mnt, loop);
            throw e;
        }
    }

    LabDevices devices() {
        String name = Path.of(loop).getFileName().toString();
        return new LabDevices(Map.of(loopDev, name + ": the device"), Map.of(fsDev, "btrfs on " + name));
    }

    TraceTargets targets() {
        return TraceTargets.of(devices()).withBdis(Set.of(bdi));
    }

    /** A file of {@code size} random bytes with data checksums, written and synced, evicted from the page cache. */
    Path checksummedFile(String name, long size) throws IOException {
        Path f = mnt.resolve(name);
        byte[] chunk = new byte[1 << 20];
        new java.util.Random(42).nextBytes(chunk);
        try (var ch = java.nio.channels.FileChannel.open(
                f, java.nio.file.StandardOpenOption.CREATE_NEW, java.nio.file.StandardOpenOption.WRITE)) {
            for (long done = 0; done < size; done += chunk.length) {
                ch.write(java.nio.ByteBuffer.wrap(chunk));
            }
            ch.force(true);
        }
        return f;
    }

    @Override
    public void close() throws IOException {
        undo(image, mnt, loop);
    }

    private static void undo(Path image, Path mnt, String loop) throws IOException {
        IOException first = null;
        boolean mounted;
        try {
            RootLab.mountDev(mnt);
            mounted = true;
        } catch (IOException e) {
            mounted = false;
        }
        if (mounted) {
            RootLab.run("umount", mnt.toString());
        }
        try {
            RootLab.run("btrfs", "device", "scan", "--forget", loop);
        } catch (IOException e) {
            // not registered: fine
        }
        try {
            RootLab.run("losetup", "-d", loop);
        } catch (IOException e) {
            first = e;
        }
        Files.deleteIfExists(mnt);
        Files.deleteIfExists(image);
        if (first != null) {
            throw first;
        }
    }
}
