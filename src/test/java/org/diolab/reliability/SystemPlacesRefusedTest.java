package org.diolab.reliability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The audit ran {@code bench --dir /} and {@code --dir /etc} as root, writing scratch files there, and the kernel lab
 * put 1 GiB images in / and /etc and in memory (/dev/shm). Every system directory, pseudo and memory file system, and
 * every link that leads to one, is now refused by both, in one line saying why and what to use instead, and nothing
 * is created there. Run as root, these cases are the real thing: nothing but the check stands between the command and
 * the directory.
 */
class SystemPlacesRefusedTest {
    private static final List<String> SYSTEM = List.of(
            "/",
            "/etc",
            "/etc/dio-lab-new",
            "/usr",
            "/usr/local",
            "/bin",
            "/boot",
            "/var",
            "/var/lib",
            "/var/log",
            "/var/cache",
            "/run");
    private static final List<String> PSEUDO = List.of("/proc", "/sys", "/sys/kernel");
    private static final List<String> MEMORY = List.of("/dev", "/dev/shm");
    private static Path links;

    @BeforeAll
    static void linksToSystemPlaces() throws IOException {
        links = Root.scratch("links-to-system");
        Files.createSymbolicLink(links.resolve("config"), Path.of("/etc"));
        Files.createSymbolicLink(links.resolve("memory"), Path.of("/dev/shm"));
    }

    @AfterAll
    static void removeLinks() throws IOException {
        Files.deleteIfExists(links.resolve("config"));
        Files.deleteIfExists(links.resolve("memory"));
        Files.deleteIfExists(links);
    }

    static Stream<Arguments> places() {
        List<Arguments> out = new ArrayList<>();
        for (String command : List.of("bench", "kernel-lab")) {
            SYSTEM.forEach(p -> out.add(Arguments.of(command, p, "in the system's own directories")));
            PSEUDO.forEach(p -> out.add(Arguments.of(command, p, "a pseudo file system the kernel makes up")));
            MEMORY.forEach(p -> out.add(Arguments.of(command, p, "which keeps files in memory")));
            out.add(Arguments.of(command, "LINK/config", "leads (through a symbolic link) to /etc"));
            out.add(Arguments.of(command, "LINK/memory", "leads (through a symbolic link) to /dev/shm"));
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} --dir {1}")
    @MethodSource("places")
    void isRefusedWithWhyAndWhatToUseAndNothingIsCreated(String command, String place, String why) throws IOException {
        Path dir = Path.of(place.replace("LINK", links.toString()));
        assumeTrue(place.startsWith("LINK") || Files.exists(dir) || place.endsWith("-new"), place + " not here");
        List<String> before = labNames(dir);
        Cli r = Cli.run(command, "--dir", dir.toString(), "--runtime", "1s").refusedInOneLine();
        assertThat(r.err())
                .contains(dir.toString())
                .contains(why)
                .contains("use a directory of your own on a disk file system (ext4, xfs, btrfs), e.g. /var/tmp/dio-lab")
                .doesNotContain("Pass the real directory")
                .doesNotContainPattern("mkdir -p " + java.util.regex.Pattern.quote(dir.toString()) + "[ )]");
        assertThat(labNames(dir)).as("DIO Lab's names in " + dir).isEqualTo(before);
        if (place.endsWith("-new")) {
            assertThat(dir).doesNotExist();
        }
    }

    @org.junit.jupiter.api.Test
    void aMemoryFileSystemOfTheUsersOwnIsRefusedByBoth() throws IOException {
        assumeTrue(Root.isRoot(), "mounting a tmpfs needs root");
        Path mnt = Root.scratch("users-tmpfs");
        Root.run("mount", "-t", "tmpfs", "-o", "size=64m", "dio-lab-test", mnt.toString());
        try {
            for (String command : List.of("bench", "kernel-lab")) {
                Cli r = Cli.run(command, "--dir", mnt.toString(), "--runtime", "1s")
                        .refusedInOneLine();
                assertThat(r.err()).contains(mnt + " is on tmpfs, which keeps files in memory");
                try (Stream<Path> s = Files.list(mnt)) {
                    assertThat(s.toList())
                            .as(command + " created nothing in the tmpfs")
                            .isEmpty();
                }
            }
        } finally {
            Root.run("umount", mnt.toString());
            Files.delete(mnt);
        }
    }

    /** The .dio-lab-* entries in {@code dir} (the system's own entries, /proc's above all, change on their own). */
    private static List<String> labNames(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString())
                    .filter(n -> n.startsWith(".dio-lab"))
                    .sorted()
                    .toList();
        }
    }
}
