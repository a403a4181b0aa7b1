package org.diolab.live.kernel.lab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.diolab.live.kernel.KernelLab;
import org.diolab.live.kernel.KernelLabRequest;
import org.diolab.live.kernel.scenario.Scenario;
import org.diolab.sys.MountTable;

/**
 * What the kernel-lab tests share: whether this machine can run the lab for real (root, loop devices, btrfs,
 * btrfs-progs; otherwise the tests skip and say which is missing), small requests, and the check that a run left
 * nothing behind: no mount under its directory, no loop device backed by a file in it, no file in it.
 */
public final class KernelLabSupport {
    public static final long SIZE = 32L << 20;
    public static final Duration RUNTIME = Duration.ofMillis(1000);

    private KernelLabSupport() {}

    /** Skips the calling test, saying why, unless the lab can build filesystems here. */
    public static void assumeLabRuns() {
        KernelLab.unavailableReason().ifPresent(why -> assumeTrue(false, why));
    }

    public static KernelLabRequest request(Path dir, Scenario... scenarios) {
        return new KernelLabRequest(List.of(scenarios), dir, Optional.empty(), SIZE, RUNTIME);
    }

    /** A scratch directory on the project's disk (not /tmp, which may be tmpfs). */
    public static Path scratch() throws IOException {
        Path target = Path.of("target").toAbsolutePath();
        Files.createDirectories(target);
        return Files.createTempDirectory(target, "kernel-lab-test").toRealPath();
    }

    public static void delete(Path dir) throws IOException {
        if (dir == null || !Files.exists(dir)) {
            return;
        }
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    /** SHA-256 of a file's bytes, hex. */
    public static String sha256(Path file) throws IOException {
        try {
            return java.util.HexFormat.of()
                    .formatHex(
                            java.security.MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Every entry under {@code dir} (not following symlinks, into mounted filesystems too) with its owner and, for a
     * regular file, the SHA-256 of its bytes; for a symlink, its target.
     */
    public static Map<Path, String> hashes(Path dir) throws IOException {
        Map<Path, String> out = new TreeMap<>();
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.toList()) {
                String owner = Files.getOwner(p, LinkOption.NOFOLLOW_LINKS).getName();
                String what = Files.isSymbolicLink(p)
                        ? "-> " + Files.readSymbolicLink(p)
                        : Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)
                                ? sha256(p)
                                : Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS) ? "dir" : "other";
                out.put(p, owner + " " + what);
            }
        }
        return out;
    }

    /** Nothing of the lab is left: no mount, no loop device, no file under {@code dir}. */
    public static void assertNothingLeft(Path dir) throws IOException {
        assertThat(MountTable.read())
                .as("mounts under " + dir)
                .noneMatch(m -> m.mountPoint().startsWith(dir));
        LoopDevices loops = new LoopDevices(HostTools.find("losetup").orElseThrow());
        assertThat(loops.list())
                .as("loop devices over files in " + dir)
                .noneMatch(l -> l.backingFile().startsWith(dir.toString()));
        try (Stream<Path> s = Files.list(dir)) {
            assertThat(s.toList()).as("files in " + dir).isEmpty();
        }
    }
}
