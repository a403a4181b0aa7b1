package org.diolab.live.kernel.lab;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.UserPrincipal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.diolab.live.scratch.DirHandle;
import org.diolab.live.scratch.ScratchFile;
import org.diolab.live.scratch.SweepReport;
import org.diolab.sys.MountTable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The lab's sweep (issue 12 on the kernel lab) as root, on real loop devices and mounts: leftovers that look like a
 * killed lab run's but are not provably the lab's own — a wrong marker, another user in the manifest or as owner,
 * another host, a lock a live process holds, an image name that now points at another file, directories and images
 * named like the lab's without a lock — keep their loop devices, mounts and files, byte for byte; the same leftover
 * with its manifest intact is then undone and removed completely.
 */
class KernelLabSweepTest {
    private static final long IMAGE = 16L << 20;
    private static final Duration LIMIT = Duration.ofSeconds(60);

    /** What one fixture put on the system, so the test can check and undo exactly that. */
    private record Leftover(String tag, String session, String device, Path mountPoint, Path image, Path lock) {}

    private Path dir;
    private HostTools tools;
    private final List<Leftover> made = new ArrayList<>();
    private final List<Process> holders = new ArrayList<>();

    @BeforeEach
    void scratch() throws Exception {
        KernelLabSupport.assumeLabRuns();
        dir = KernelLabSupport.scratch();
        tools = HostTools.locate();
    }

    @AfterEach
    void cleanUp() throws Exception {
        for (Process p : holders) {
            p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        if (dir == null) {
            return;
        }
        // Undo only what this test made: its own mount points, its own devices while still over its own images.
        for (Leftover l : made) {
            if (MountTable.topAt(MountTable.read(), l.mountPoint())
                    .filter(m -> m.source().equals(l.device()))
                    .isPresent()) {
                Teardown.unmount(l.mountPoint(), true);
            }
            LoopDevices loops = new LoopDevices(tools.losetup().orElseThrow());
            for (LoopDevices.Loop loop : loops.list()) {
                if (loop.device().equals(l.device()) && loop.backingFile().startsWith(dir.toString())) {
                    loops.detach(loop);
                }
            }
        }
        KernelLabSupport.delete(dir);
    }

    /**
     * A lab session made by the lab's own code, then dropped the way SIGKILL drops it: a 16 MiB ext4 image on a loop
     * device (attached by descriptor), mounted read-only on the session's mount point, lock file left, lock free.
     */
    private Leftover killedRun(DirHandle handle, String tag) throws IOException {
        LabOwnership own = LabOwnership.claim(handle, tools, true);
        ScratchFile img = own.newImage(tag + "-0", IMAGE);
        LoopDevices.Loop loop = new LoopDevices(tools.losetup().orElseThrow()).attach(img, false);
        Leftover l = new Leftover(
                tag,
                own.session(),
                loop.device(),
                dir.resolve(".dio-lab-" + own.session() + "-mnt-" + tag),
                img.path(),
                dir.resolve(".dio-lab-" + own.session() + ".lock"));
        made.add(l);
        own.attached(loop, img);
        Exec.check(
                List.of(
                        tools.mkfsExt4().orElseThrow().toString(),
                        "-q",
                        "-E",
                        "nodiscard,lazy_itable_init=0,lazy_journal_init=0",
                        loop.device()),
                LIMIT);
        DirHandle mp = own.newMountPoint(tag);
        Exec.check(
                List.of(
                        tools.mount().orElseThrow().toString(),
                        "--no-canonicalize",
                        "-t",
                        "ext4",
                        "-o",
                        "ro",
                        loop.device(),
                        mp.toolPath().toString()),
                LIMIT);
        own.abandon();
        return l;
    }

    private static void edit(Path lock, String from, String to) throws IOException {
        String text = Files.readString(lock);
        assertThat(text).contains(from);
        Files.writeString(lock, text.replace(from, to)); // same inode, as an adversary or a bug would
    }

    private static String line(Path lock, String key) throws IOException {
        return Files.readString(lock)
                .lines()
                .filter(l -> l.startsWith(key + " "))
                .findFirst()
                .orElseThrow();
    }

    /** Holds the lock file's flock in another process (util-linux flock) until killed. */
    private void holdLock(Path lock) throws Exception {
        Process p = new ProcessBuilder("flock", "--exclusive", lock.toString(), "sleep", "600")
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        holders.add(p);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (System.nanoTime() < deadline) {
            Process probe = new ProcessBuilder("flock", "--nonblock", "--exclusive", lock.toString(), "true").start();
            if (probe.waitFor() == 1) {
                return; // taken by the holder
            }
            Thread.sleep(20);
        }
        throw new AssertionError("the holder never took " + lock);
    }

    private void assertIntact(Leftover l) throws IOException {
        assertThat(MountTable.topAt(MountTable.read(), l.mountPoint()))
                .as(l.tag() + ": still mounted")
                .hasValueSatisfying(m -> assertThat(m.source()).isEqualTo(l.device()));
        LoopDevices loops = new LoopDevices(tools.losetup().orElseThrow());
        assertThat(loops.list())
                .as(l.tag() + ": loop device still attached")
                .anyMatch(x -> x.device().equals(l.device()) && x.backingFile().startsWith(dir.toString()));
    }

    private SweepReport sweep(List<String> problems) throws IOException {
        try (DirHandle handle = DirHandle.open(dir)) {
            return LabOwnership.sweep(handle, tools, problems);
        }
    }

    @Test
    void lookalikesAreLeftByteForByteAndTheRealLeftoverIsRemoved() throws Exception {
        UserPrincipal nobody =
                dir.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("nobody");
        Leftover wrongMarker;
        Leftover otherUid;
        Leftover otherOwner;
        Leftover imageOfAnotherUser;
        Leftover otherHost;
        Leftover held;
        Leftover swapped;
        try (DirHandle handle = DirHandle.open(dir)) {
            wrongMarker = killedRun(handle, "marker");
            otherUid = killedRun(handle, "uid");
            otherOwner = killedRun(handle, "owner");
            imageOfAnotherUser = killedRun(handle, "imgowner");
            otherHost = killedRun(handle, "host");
            held = killedRun(handle, "held");
            swapped = killedRun(handle, "swap");
        }
        edit(wrongMarker.lock(), "dio-lab scratch lock 1\n", "dio-lab scratch lock 2\n");
        String uidLine = line(otherUid.lock(), "uid");
        edit(otherUid.lock(), uidLine + "\n", "uid 65534\n");
        Files.setOwner(otherOwner.lock(), nobody);
        Files.setOwner(otherOwner.image(), nobody);
        Files.setOwner(imageOfAnotherUser.image(), nobody);
        edit(otherHost.lock(), line(otherHost.lock(), "host"), "host 0000000000000000000000000000ffff elsewhere");
        holdLock(held.lock());
        // The image's name now points at another file; the loop device is still over the original, renamed away.
        Files.move(swapped.image(), dir.resolve("moved-away.img"));
        Files.writeString(swapped.image(), "a file someone else put at the lab's name");
        // Named like the lab's files, made by hand, no lock.
        String fake = HexFormat.of().formatHex(new byte[] {
            1, 2, 3, 4, 5, (byte) ThreadLocalRandom.current().nextInt(256)
        });
        Files.createDirectory(dir.resolve(".dio-lab-" + fake + "-mnt-x"));
        Files.writeString(dir.resolve(".dio-lab-" + fake + "-x-0.img"), "not an image");
        Files.writeString(dir.resolve("notes.txt"), "a user's notes");
        List<Leftover> lookalikes =
                List.of(wrongMarker, otherUid, otherOwner, imageOfAnotherUser, otherHost, held, swapped);
        Map<Path, String> before = KernelLabSupport.hashes(dir);

        List<String> problems = new ArrayList<>();
        SweepReport r = sweep(problems);

        assertThat(r.removed()).as("removed").isEmpty();
        assertThat(r.undone()).as("unmounted or detached").isEmpty();
        for (Leftover l : lookalikes) {
            assertIntact(l);
        }
        assertThat(KernelLabSupport.hashes(dir))
                .as("every file, directory and owner")
                .isEqualTo(before);
        Map<String, String> why = new TreeMap<>();
        r.left().forEach(x -> why.merge(x.name(), x.why(), (a, b) -> a + "; " + b));
        assertThat(why.get(wrongMarker.lock().getFileName().toString())).contains("not a DIO Lab lock file");
        assertThat(why.get(otherUid.lock().getFileName().toString())).contains("written for another user");
        assertThat(why.get(otherOwner.lock().getFileName().toString())).contains("belongs to user 65534");
        assertThat(why.get(otherHost.lock().getFileName().toString())).contains("another host (elsewhere)");
        assertThat(why.get(held.lock().getFileName().toString())).contains("a running session holds its lock");
        assertThat(problems)
                .as("the teardown's reasons")
                .anyMatch(p -> p.contains(imageOfAnotherUser.device())
                        && p.contains("no longer points at the file the lab made"))
                .anyMatch(p -> p.contains(swapped.device()) && p.contains("no longer points at the file the lab made"));

        // The same leftover with its manifest as the lab wrote it is the lab's: undone and removed, nothing else.
        edit(otherUid.lock(), "uid 65534\n", uidLine + "\n");
        Map<Path, String> others = new TreeMap<>(KernelLabSupport.hashes(dir));
        others.keySet()
                .removeIf(p ->
                        p.startsWith(otherUid.mountPoint()) || p.equals(otherUid.image()) || p.equals(otherUid.lock()));
        SweepReport second = sweep(new ArrayList<>());
        assertThat(second.undone())
                .containsExactly(
                        "unmounted " + otherUid.device() + " from " + otherUid.mountPoint(),
                        "detached " + otherUid.device());
        assertThat(second.removed())
                .extracting(SweepReport.Removed::name)
                .containsExactlyInAnyOrder(
                        otherUid.image().getFileName().toString(),
                        otherUid.mountPoint().getFileName().toString(),
                        otherUid.lock().getFileName().toString());
        assertThat(MountTable.topAt(MountTable.read(), otherUid.mountPoint())).isEmpty();
        assertThat(new LoopDevices(tools.losetup().orElseThrow()).list())
                .noneMatch(x -> x.backingFile().startsWith(otherUid.image().toString()));
        assertThat(KernelLabSupport.hashes(dir)).as("everything else").isEqualTo(others);
        for (Leftover l : List.of(wrongMarker, otherOwner, imageOfAnotherUser, otherHost, held, swapped)) {
            assertIntact(l);
        }
    }

    @Test
    void withoutTheLabsTeardownASweepLeavesAKilledLabRunWhole() throws Exception {
        Leftover l;
        try (DirHandle handle = DirHandle.open(dir)) {
            l = killedRun(handle, "bench");
        }
        Map<Path, String> before = KernelLabSupport.hashes(dir);
        // What bench and calibrate run: the live package's sweep, which cannot detach loop devices or unmount.
        try (org.diolab.live.scratch.ScratchDir s = org.diolab.live.scratch.ScratchDir.open(dir)) {
            assertThat(s.sweepReport().removed()).isEmpty();
            assertThat(s.sweepReport().left())
                    .extracting(SweepReport.Left::why)
                    .anyMatch(w -> w.contains("made by the kernel-lab"));
        }
        assertIntact(l);
        assertThat(KernelLabSupport.hashes(dir)).isEqualTo(before);
    }
}
