package org.diolab.reliability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The audit's misleading messages, each now saying what is true: a directory behind a parent that cannot be searched
 * is not "missing"; a link to /etc is not answered with "use --dir /etc"; a runtime finer than a millisecond is not
 * run as 0ms; the consent flag without --mount says where it belongs. (The sweep's count of what it removed is
 * checked name by name in ScratchMessagesTest.)
 */
class HonestMessagesTest {
    private Path dir;

    @BeforeEach
    void scratch() throws Exception {
        dir = Root.scratch("honest-messages");
    }

    @AfterEach
    void removeIt() throws Exception {
        Path parent = dir.resolve("private");
        if (Files.isDirectory(parent)) {
            Files.setPosixFilePermissions(parent, PosixFilePermissions.fromString("rwx------"));
        }
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    private void assertNothingCreated() throws Exception {
        try (Stream<Path> s = Files.walk(dir)) {
            assertThat(s.map(p -> p.getFileName().toString())).noneMatch(n -> n.startsWith(".dio-lab"));
        }
    }

    @Test
    void aDirectoryBehindAnUnsearchableParentIsSaidToBeUnreachableNotMissing() throws Exception {
        Path parent = Files.createDirectory(dir.resolve("private"));
        Path sub = Files.createDirectory(parent.resolve("sub"));
        Files.setPosixFilePermissions(parent, PosixFilePermissions.fromString("rwx------"));
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        String said;
        if (Root.isRoot()) {
            // root searches everything: ask as nobody, for whom the parent is closed
            AsNobody.unavailable().ifPresent(why -> assumeTrue(false, why));
            said = AsNobody.ask("place", sub.toString());
            assertThat(said).startsWith("refused NOT_SEARCHABLE: ");
        } else {
            Files.setPosixFilePermissions(parent, PosixFilePermissions.fromString("---------"));
            said = Cli.run("bench", "--dir", sub.toString(), "--runtime", "1s")
                    .refusedInOneLine()
                    .err();
        }
        assertThat(said)
                .contains("cannot look inside " + parent + " (permission denied: it is ")
                .contains("so whether " + sub + " exists cannot even be checked")
                .doesNotContain("does not exist; create it");
        assertNothingCreated();
    }

    @Test
    void aLinkToEtcIsRefusedWithoutBeingSuggestedBack() throws Exception {
        Path link = Files.createSymbolicLink(dir.resolve("settings"), Path.of("/etc"));
        for (String command : List.of("bench", "kernel-lab")) {
            assertThat(Cli.run(command, "--dir", link.toString())
                            .refusedInOneLine()
                            .err())
                    .contains(link + " leads (through a symbolic link) to /etc, which holds the system's configuration")
                    .doesNotContain("--dir /etc");
        }
        assertThat(Path.of("/etc")).isDirectory();
        assertNothingCreated();
    }

    @Test
    void aRuntimeFinerThanAMillisecondIsRefusedWithTheNearestOnes() throws Exception {
        assertThat(Cli.run("bench", "--dir", dir.toString(), "--runtime", "1us")
                        .refusedInOneLine()
                        .err())
                .contains("--runtime 1us is not a whole number of milliseconds")
                .contains("use 1ms");
        assertThat(Cli.run("bench", "--dir", dir.toString(), "--runtime", "1500us")
                        .refusedInOneLine()
                        .err())
                .contains("it would be shown and run as 1ms); use 2ms or 1ms");
        assertThat(Cli.run("kernel-lab", "--dir", dir.toString(), "--runtime", "1us")
                        .refusedInOneLine()
                        .err())
                .contains("--runtime 1us is out of range; use 200ms to 10m");
        assertThat(Cli.run("kernel-lab", "--dir", dir.toString(), "--runtime", "1500500us")
                        .refusedInOneLine()
                        .err())
                .contains("not a whole number of milliseconds");
        assertNothingCreated();
    }

    @Test
    void theConsentFlagWithoutAMountSaysWhereItBelongs() throws Exception {
        assertThat(Cli.run("kernel-lab", "--dir", dir.toString(), "--allow-error-counters")
                        .refusedInOneLine()
                        .err())
                .contains("--allow-error-counters goes with --mount");
        assertNothingCreated();
    }
}
