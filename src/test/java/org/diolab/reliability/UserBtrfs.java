package org.diolab.reliability;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * A btrfs standing in for one the user mounted: a sparse image in a test directory on a loop device of the test's own,
 * formatted and mounted by the test, not by the lab, so the lab sees it only through --mount. {@link #close()}
 * unmounts, detaches and removes it.
 */
final class UserBtrfs implements AutoCloseable {
    final Path dir;
    final Path mount;
    final String loop;
    final String uuid;

    private UserBtrfs(Path dir, Path mount, String loop, String uuid) {
        this.dir = dir;
        this.mount = mount;
        this.loop = loop;
        this.uuid = uuid;
    }

    static UserBtrfs create() throws IOException {
        Path dir = Root.scratch("users-btrfs");
        Path image = dir.resolve("disk.img");
        try (FileChannel f = FileChannel.open(image, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            f.truncate(1L << 30);
            f.write(java.nio.ByteBuffer.wrap(new byte[1]), (1L << 30) - 1);
        }
        String loop = Root.run("losetup", "--find", "--show", image.toString()).strip();
        Path mount = Files.createDirectory(dir.resolve("mnt"));
        try {
            Root.run("mkfs.btrfs", "-q", "-f", loop);
            Root.run("mount", loop, mount.toString());
            String uuid =
                    Root.run("findmnt", "-n", "-o", "UUID", mount.toString()).strip();
            return new UserBtrfs(dir, mount, loop, uuid);
        } catch (IOException | RuntimeException e) {
            new UserBtrfs(dir, mount, loop, "").close();
            throw e;
        }
    }

    /** corruption_errs and the other four counters of its one device, as the kernel keeps them. */
    String errorStats() throws IOException {
        return Files.readString(Path.of("/sys/fs/btrfs", uuid, "devinfo", "1", "error_stats"));
    }

    long corruptionErrs() throws IOException {
        for (String l : errorStats().lines().toList()) {
            if (l.startsWith("corruption_errs ")) {
                return Long.parseLong(l.substring("corruption_errs ".length()).strip());
            }
        }
        throw new IOException("no corruption_errs in " + errorStats());
    }

    /** What else of it outlives a run: its settings in sysfs, its device's queue and btrfs-progs' scrub record. */
    List<String> settings() throws IOException {
        List<String> out = new ArrayList<>();
        Path fs = Path.of("/sys/fs/btrfs", uuid);
        for (String s : List.of("label", "read_policy", "bg_reclaim_threshold", "devinfo/1/scrub_speed_max")) {
            Path p = fs.resolve(s);
            out.add(s + "=" + (Files.isReadable(p) ? Files.readString(p).strip() : "-"));
        }
        Path queue = Path.of("/sys/block", Path.of(loop).getFileName().toString(), "queue");
        for (String k : List.of("stable_writes", "read_ahead_kb", "scheduler", "nr_requests", "rotational")) {
            Path p = queue.resolve(k);
            out.add("queue/" + k + "="
                    + (Files.isReadable(p) ? Files.readString(p).strip() : "-"));
        }
        out.add("scrub record=" + Files.exists(Path.of("/var/lib/btrfs", "scrub.status." + uuid)));
        return out;
    }

    /** The files of the user's btrfs (the lab must leave none). */
    List<Path> files() throws IOException {
        try (var s = Files.list(mount)) {
            return s.toList();
        }
    }

    @Override
    public void close() throws IOException {
        List<String> problems = new ArrayList<>();
        for (String[] cmd : List.of(new String[] {"umount", mount.toString()}, new String[] {"losetup", "-d", loop})) {
            try {
                Root.run(cmd);
            } catch (IOException e) {
                problems.add(e.getMessage());
            }
        }
        if (!uuid.isEmpty()) {
            Files.deleteIfExists(Path.of("/var/lib/btrfs", "scrub.status." + uuid)); // only if the lab misbehaved
        }
        Files.deleteIfExists(mount);
        Files.deleteIfExists(dir.resolve("disk.img"));
        Files.deleteIfExists(dir);
        if (!problems.isEmpty()) {
            throw new IOException(String.join("; ", problems));
        }
    }
}
