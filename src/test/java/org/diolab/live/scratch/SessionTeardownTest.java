package org.diolab.live.scratch;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.diolab.live.LiveTestSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shared ownership for file makers beyond the live engine (the kernel lab): a session's own directories and the
 * files in them, claims outside the directory, and sessions whose teardown only their own tool can run. A sweep
 * removes exactly what a free lock lists, never what was planted beside or instead of it.
 */
class SessionTeardownTest {
    @TempDir
    Path tmp;

    /** A session that made a directory with two files in it and a claim, then died: lock free, everything left. */
    private record Crashed(String session, Path lock, Path subdir, Path a, Path b) {}

    private Crashed crashed(Path dir, String teardown) throws IOException {
        try (DirHandle d = DirHandle.open(dir)) {
            SessionLock lock = SessionLock.create(d, SessionLock.newSessionId(), teardown);
            DirHandle sub = lock.createDirectory("work-x");
            ScratchFile a = lock.createFileIn(sub, "datasum");
            ScratchFile b = lock.createFileIn(sub, "nodatasum");
            try (var ch = a.channel(false)) {
                ch.write(java.nio.ByteBuffer.wrap("data".getBytes(StandardCharsets.UTF_8)));
            }
            lock.claim("loop /dev/loop99 " + a.name());
            Crashed c = new Crashed(lock.session(), dir.resolve(lock.name()), sub.path(), a.path(), b.path());
            a.close();
            b.close();
            lock.release(false); // as a kill: descriptors closed by the kernel, nothing removed
            return c;
        }
    }

    private static SweepReport sweep(Path dir, Map<String, SessionTeardown> teardowns) throws IOException {
        try (DirHandle d = DirHandle.open(dir)) {
            return StaleSweep.sweep(d, teardowns);
        }
    }

    @Test
    void aSessionDirectoryAndTheFilesItRecordedAreRemovedTogether() throws IOException {
        Path dir = tmp.toRealPath();
        Crashed c = crashed(dir, null);
        assertThat(Files.readString(c.lock()))
                .contains("dir " + c.subdir().getFileName() + " ")
                .contains("file " + c.subdir().getFileName() + "/datasum ")
                .contains("claim loop /dev/loop99 ");
        assertThat(Files.getPosixFilePermissions(c.subdir())).hasSize(3); // rwx------
        SweepReport r = sweep(dir, Map.of());
        assertThat(r.removed())
                .extracting(SweepReport.Removed::name)
                .containsExactly(
                        c.subdir().getFileName() + "/datasum",
                        c.subdir().getFileName() + "/nodatasum",
                        c.subdir().getFileName().toString(),
                        c.lock().getFileName().toString());
        assertThat(LiveTestSupport.entries(dir)).isEmpty();
    }

    @Test
    void aFilePlantedInTheSessionDirectoryKeepsItAndTheLock() throws IOException {
        Path dir = tmp.toRealPath();
        Crashed c = crashed(dir, null);
        Path planted = Files.writeString(c.subdir().resolve("planted"), "not recorded");
        SweepReport r = sweep(dir, Map.of());
        assertThat(planted).hasContent("not recorded");
        assertThat(c.a()).doesNotExist();
        assertThat(r.left())
                .extracting(SweepReport.Left::why)
                .contains("it holds files DIO Lab did not record; left" + " in place");
        assertThat(c.lock()).as("kept, listing what is left").exists();
    }

    @Test
    void aDirectorySwappedInAtTheSessionsNameIsNotEntered() throws IOException {
        Path dir = tmp.toRealPath();
        Crashed c = crashed(dir, null);
        Files.move(c.subdir(), dir.resolve("moved"));
        Files.createDirectory(c.subdir());
        Path lookalike = Files.writeString(c.a(), "someone else's file with the recorded name");
        SweepReport r = sweep(dir, Map.of());
        assertThat(lookalike).hasContent("someone else's file with the recorded name");
        assertThat(c.subdir()).isDirectory();
        assertThat(dir.resolve("moved").resolve("datasum")).hasContent("data");
        assertThat(r.removed())
                .extracting(SweepReport.Removed::name)
                .doesNotContain(c.subdir().getFileName() + "/datasum");
    }

    @Test
    void aSessionNamingATeardownIsLeftWholeBySweepsWithoutIt() throws IOException {
        Path dir = tmp.toRealPath();
        Crashed c = crashed(dir, "kernel-lab");
        try (ScratchDir s = ScratchDir.open(dir)) {
            assertThat(s.sweepReport().removed()).isEmpty();
            assertThat(s.sweepReport().left())
                    .extracting(SweepReport.Left::why)
                    .anyMatch(w -> w.startsWith("made by the kernel-lab"));
        }
        assertThat(c.a()).hasContent("data");
        assertThat(c.lock()).exists();
    }

    @Test
    void theTeardownSeesTheSessionFirstAndItsProblemsKeepEverything() throws IOException {
        Path dir = tmp.toRealPath();
        Crashed c = crashed(dir, "kernel-lab");
        List<StaleSession> seen = new ArrayList<>();
        List<Boolean> there = new ArrayList<>();
        SessionTeardown refusing = s -> {
            seen.add(s);
            // Only while the teardown runs: the sweep closes the directory and the lock afterwards.
            there.add(s.stillThere(s.entries().getFirst()));
            there.add(s.stillThere(s.entries().get(1)));
            return new SessionTeardown.Result(List.of(), List.of("loop99 is still busy"));
        };
        SweepReport r = sweep(dir, Map.of("kernel-lab", refusing));
        assertThat(seen).singleElement().satisfies(s -> {
            assertThat(s.session()).isEqualTo(c.session());
            assertThat(s.claims()).containsExactly("loop /dev/loop99 datasum");
            assertThat(s.entries()).extracting(SessionEntry::path).containsExactly(c.subdir(), c.a(), c.b());
        });
        assertThat(there)
                .as("the directory is still there; a file in it is not a top-level name")
                .containsExactly(true, false);
        assertThat(r.left()).extracting(SweepReport.Left::why).contains("loop99 is still busy");
        assertThat(c.a()).hasContent("data");

        SessionTeardown undoing = s -> new SessionTeardown.Result(List.of("detached /dev/loop99"), List.of());
        SweepReport done = sweep(dir, Map.of("kernel-lab", undoing));
        assertThat(done.undone()).containsExactly("detached /dev/loop99");
        assertThat(LiveTestSupport.entries(dir)).isEmpty();
    }

    @Test
    void manifestsWithNamesOutsideTheSessionOrUnknownLinesAreNotOurs() {
        String head = SessionManifest.MAGIC + "\nsession 0123456789ab\nhost m h\nuid 0\npid 1\n"
                + "started 2025-01-01T00:00:00Z\n";
        String dir = "dir .dio-lab-0123456789ab-work-x 8:1 12 -1\n";
        assertThat(SessionManifest.parse((head + dir + "file .dio-lab-0123456789ab-work-x/datasum 8:1 13 -1\n")
                        .getBytes(StandardCharsets.UTF_8)))
                .isPresent();
        for (String bad : List.of(
                "file .dio-lab-0123456789ab-work-x/datasum 8:1 13 -1\n", // its directory not recorded first
                dir + "file .dio-lab-0123456789ab-work-x/../etc 8:1 13 -1\n", // a path out of it
                dir + "file .dio-lab-0123456789ab-work-x/a/b 8:1 13 -1\n", // more than one level
                dir + "dir .dio-lab-0123456789ab-work-x/sub 8:1 13 -1\n", // directories in directories
                "dir .dio-lab-ffffffffffff-work-x 8:1 12 -1\n", // another session's name
                "mount /dev/loop0 /etc\n", // a line this version does not know
                "claim " + "x".repeat(600) + "\n")) {
            assertThat(SessionManifest.parse((head + bad).getBytes(StandardCharsets.UTF_8)))
                    .as(bad)
                    .isEmpty();
        }
        assertThat(SessionManifest.parse((head + "teardown Kernel Lab\n").getBytes(StandardCharsets.UTF_8)))
                .isEmpty();
    }
}
