package org.diolab.live.scratch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.UserPrincipal;
import java.util.List;
import org.diolab.live.LiveTestSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 12, defect 1: the sweep decides by lock, not by process id. Only files listed by a lock file it could take,
 * owned by this user, written by DIO Lab on this host, are removed; it says which.
 */
class StaleSweepTest {
    @TempDir
    Path dir;

    private static final boolean ROOT = "root".equals(System.getProperty("user.name"));

    /** A session that "crashed": its lock is free, its files and lock file are still there. */
    private List<Path> crashedSession(Path d) throws IOException {
        ScratchDir s = ScratchDir.open(d);
        Path a = s.file("w0-m0");
        Path b = s.file("w0-m1");
        Files.writeString(a, "data");
        s.abandon();
        return List.of(a, b, d.toRealPath().resolve(".dio-lab-" + s.session() + ".lock"));
    }

    @Test
    void removesTheFilesOfAnEndedSessionAndSaysWhich() throws IOException {
        List<Path> left = crashedSession(dir);
        assertThat(left).allMatch(Files::exists);
        try (ScratchDir s = ScratchDir.open(dir)) {
            assertThat(s.staleRemoved()).isEqualTo(2);
            assertThat(s.sweepReport().removed())
                    .extracting(SweepReport.Removed::name)
                    .containsExactlyInAnyOrderElementsOf(
                            left.stream().map(p -> p.getFileName().toString()).toList());
            assertThat(s.sweepReport().bytesRemoved()).isGreaterThanOrEqualTo(4);
        }
        assertThat(LiveTestSupport.entries(dir)).isEmpty();
    }

    @Test
    void leavesTheFilesOfASessionThatHoldsItsLock() throws IOException {
        try (ScratchDir running = ScratchDir.open(dir)) {
            Path f = running.file("w0-m0");
            try (ScratchDir other = ScratchDir.open(dir)) {
                assertThat(other.staleRemoved()).isZero();
                assertThat(other.sweepReport().left())
                        .extracting(SweepReport.Left::why)
                        .contains("a running session holds its lock");
            }
            assertThat(f).exists();
        }
    }

    @Test
    void neverRemovesWhatOnlyLooksLikeOurs() throws IOException {
        long deadPid = Long.parseLong(
                        Files.readString(Path.of("/proc/sys/kernel/pid_max")).trim())
                + 1;
        Path oldStyle = Files.writeString(dir.resolve(".dio-lab-" + deadPid + "-1234-w0-m0"), "old");
        Path notes = Files.writeString(dir.resolve(".dio-lab-99999999-0-notes.txt"), "user file");
        Path noLock = Files.writeString(dir.resolve(".dio-lab-0123456789ab-w0-m0"), "no lock lists me");
        Path emptyLock = Files.writeString(dir.resolve(".dio-lab-0123456789ab.lock"), "");
        Path fakeLock = Files.writeString(
                dir.resolve(".dio-lab-ba9876543210.lock"), "not a manifest\nfile .dio-lab-ba9876543210-w0-m0 0:0 0\n");
        Path fakeListed = Files.writeString(dir.resolve(".dio-lab-ba9876543210-w0-m0"), "user file");
        try (ScratchDir s = ScratchDir.open(dir)) {
            assertThat(s.sweepReport().removed()).isEmpty();
        }
        for (Path p : List.of(oldStyle, notes, noLock, emptyLock, fakeLock, fakeListed)) {
            assertThat(p).exists();
        }
    }

    @Test
    void leavesAFileWhoseNameNowPointsAtAnotherInode() throws IOException {
        List<Path> left = crashedSession(dir);
        Path listed = left.get(0);
        Files.delete(listed);
        Files.writeString(listed, "a user's new file under the old name");
        try (ScratchDir s = ScratchDir.open(dir)) {
            assertThat(s.sweepReport().left())
                    .extracting(SweepReport.Left::why)
                    .contains("the name now points at another file");
        }
        assertThat(listed).hasContent("a user's new file under the old name");
        assertThat(left.get(1)).doesNotExist();
    }

    @Test
    void leavesOtherUsersLocksAndFiles() throws Exception {
        assumeTrue(ROOT, "needs root to give files to another user");
        UserPrincipal nobody =
                dir.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("nobody");
        List<Path> left = crashedSession(dir);
        for (Path p : left) {
            Files.setOwner(p, nobody);
        }
        try (ScratchDir s = ScratchDir.open(dir)) {
            assertThat(s.sweepReport().removed()).isEmpty();
            assertThat(s.sweepReport().left()).extracting(SweepReport.Left::why).anyMatch(w -> w.contains("user"));
        }
        assertThat(left).allMatch(Files::exists);
    }

    @Test
    void leavesALockWrittenOnAnotherHost() throws IOException {
        List<Path> left = crashedSession(dir);
        Path lock = left.get(2);
        String text = Files.readString(lock);
        String hostLine =
                text.lines().filter(l -> l.startsWith("host ")).findFirst().orElseThrow();
        Files.writeString(lock, text.replace(hostLine, "host 0000000000000000000000000000ffff elsewhere"));
        try (ScratchDir s = ScratchDir.open(dir)) {
            assertThat(s.sweepReport().left())
                    .extracting(SweepReport.Left::why)
                    .contains("it was written on another host (elsewhere)");
        }
        assertThat(left).allMatch(Files::exists);
    }

    @Test
    void theOwnershipClassesWorkWithoutAScratchDir() throws IOException {
        Path real = dir.toRealPath();
        try (DirHandle d = DirHandle.open(real)) {
            SessionLock lock = SessionLock.create(d, SessionLock.newSessionId());
            ScratchFile img = lock.createFile("img");
            try (var ch = img.channel(false)) {
                ch.write(java.nio.ByteBuffer.wrap(new byte[] {1, 2, 3}));
            }
            assertThat(img.size()).isEqualTo(3);
            try (ScratchDir other = ScratchDir.open(dir)) {
                assertThat(other.staleRemoved()).as("held by its lock").isZero();
            }
            assertThat(lock.removeFile(img)).isNull();
            lock.close();
        }
        assertThat(LiveTestSupport.entries(dir)).isEmpty();
    }

    @Test
    void noSweepLeavesEverything() throws IOException {
        List<Path> left = crashedSession(dir);
        try (ScratchDir s = ScratchDir.open(dir, false)) {
            assertThat(s.sweepReport().removed()).isEmpty();
        }
        assertThat(left).allMatch(Files::exists);
    }

    @Test
    void keptFilesSurviveTheSweepAndAreReusedOnlyUnderTheirLock() throws IOException {
        Path keptPath;
        try (ScratchDir s = ScratchDir.open(dir)) {
            keptPath = s.keptFile("w0-m0-16m").orElseThrow();
            Files.writeString(keptPath, "laid out");
            s.keptNote(keptPath, "size=16m written");
            try (ScratchDir other = ScratchDir.open(dir)) {
                assertThat(other.keptFile("w0-m0-16m"))
                        .as("held by the first session")
                        .isEmpty();
            }
        }
        assertThat(keptPath).hasContent("laid out");
        try (ScratchDir s = ScratchDir.open(dir)) {
            assertThat(s.staleRemoved()).isZero();
            assertThat(s.keptFile("w0-m0-16m")).contains(keptPath);
            assertThat(s.keptNote(keptPath)).isEqualTo("size=16m written");
        }
        try (DirHandle h = DirHandle.open(dir.toRealPath())) {
            SweepReport r = StaleSweep.sweep(h, true);
            assertThat(r.removed())
                    .extracting(SweepReport.Removed::name)
                    .containsExactlyInAnyOrder(".dio-lab-kept-w0-m0-16m", ".dio-lab-kept.lock");
        }
        assertThat(LiveTestSupport.entries(dir)).isEmpty();
    }

    @Test
    void aKeptFileReplacedBetweenRunsIsNotReused() throws IOException {
        Path keptPath;
        try (ScratchDir s = ScratchDir.open(dir)) {
            keptPath = s.keptFile("a").orElseThrow();
            s.keptNote(keptPath, "size=4k");
        }
        Files.delete(keptPath);
        Path outside =
                Files.writeString(Files.createDirectory(dir.resolve("out")).resolve("victim"), "victim");
        Files.createLink(keptPath, outside);
        try (ScratchDir s = ScratchDir.open(dir)) {
            assertThat(s.keptFile("a"))
                    .as("the name is taken by a file that is not the kept one")
                    .isEmpty();
        }
        assertThat(outside).hasContent("victim");
    }
}
