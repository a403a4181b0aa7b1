package org.diolab.live.kernel.lab;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.diolab.sys.Errno;
import org.diolab.sys.FileId;
import org.diolab.sys.LibC;
import org.diolab.sys.MountTable;

/**
 * Undoes what the lab made outside its directory, in the only safe order: unmount (only at the lab's mount points,
 * only mounts of the lab's loop devices, never through a symlink), forget and detach the loop devices (only those the
 * kernel lists as backed by an image proven to be the lab's, and that nothing mounts any more), then wait until the
 * kernel has let go of the images. The same code ends a scenario's volume, the run, a cancelled or failed run, and a
 * killed run's leftovers found by the sweep, so every path is exercised by every run. Removing the images and mount
 * points afterwards is the shared session lock's job. Anything it must leave is listed as a problem.
 */
public final class Teardown {
    private static final Duration LIMIT = Duration.ofSeconds(60);
    private static final Duration RELEASE_WAIT = Duration.ofSeconds(10);

    /**
     * One of the lab's images.
     *
     * @param proven the lab still holds its descriptor (a running lab), or its name still points at the recorded
     *               device, inode and birth time and it is this user's (a killed run's): only then can a loop device
     *               backed by that device and inode be the lab's own
     */
    record Image(String name, FileId id, boolean proven) {}

    /**
     * What to undo: images (for their loop devices), mount points, queue settings of the loop devices to put back
     * before detaching them, and scrub records to remove once the volumes are unmounted.
     */
    record Owned(
            List<Image> images,
            List<Path> mountPoints,
            List<HostClaims.Knob> knobs,
            List<HostClaims.ScrubRecord> scrubRecords) {
        Owned {
            images = List.copyOf(images);
            mountPoints = List.copyOf(mountPoints);
            knobs = List.copyOf(knobs);
            scrubRecords = List.copyOf(scrubRecords);
        }

        Owned(List<Image> images, List<Path> mountPoints) {
            this(images, mountPoints, List.of(), List.of());
        }
    }

    /** What was undone and what could not be; {@code deleted} is filled in by whoever then removes the files. */
    public record Report(
            List<String> unmounted,
            List<String> detached,
            List<String> deleted,
            List<String> problems,
            List<String> restored) {
        public static final Report EMPTY = new Report(List.of(), List.of(), List.of(), List.of());

        public Report {
            unmounted = List.copyOf(unmounted);
            detached = List.copyOf(detached);
            deleted = List.copyOf(deleted);
            problems = List.copyOf(problems);
            restored = List.copyOf(restored);
        }

        public Report(List<String> unmounted, List<String> detached, List<String> deleted, List<String> problems) {
            this(unmounted, detached, deleted, problems, List.of());
        }

        boolean complete() {
            return problems.isEmpty();
        }

        public boolean nothing() {
            return unmounted.isEmpty()
                    && detached.isEmpty()
                    && deleted.isEmpty()
                    && problems.isEmpty()
                    && restored.isEmpty();
        }

        Report plus(Report o) {
            return new Report(
                    concat(unmounted, o.unmounted),
                    concat(detached, o.detached),
                    concat(deleted, o.deleted),
                    concat(problems, o.problems),
                    concat(restored, o.restored));
        }

        Report withFiles(List<String> deletedFiles, List<String> moreProblems) {
            return plus(new Report(List.of(), List.of(), deletedFiles, moreProblems));
        }

        /** "unmounted /dev/loop0 from /x/.dio-lab-…-mnt-raid1", "detached /dev/loop0", one line each. */
        List<String> lines() {
            List<String> out = new ArrayList<>();
            unmounted.forEach(u -> out.add("unmounted " + u));
            restored.forEach(r -> out.add("put back " + r));
            detached.forEach(d -> out.add("detached " + d));
            return out;
        }

        /** "1 mount(s), 2 loop device(s), 2 image(s)", and test files on a user's mount if any. */
        public String summary() {
            long images = deleted.stream().filter(d -> d.endsWith(".img")).count();
            long instances = deleted.stream()
                    .filter(d -> d.startsWith("trace instance "))
                    .count();
            long files = deleted.size() - images - instances;
            return unmounted.size() + " mount(s), " + detached.size() + " loop device(s), " + images + " image(s)"
                    + (instances == 0 ? "" : ", " + instances + " trace instance(s)")
                    + (files == 0 ? "" : ", " + files + " other file(s)")
                    + (restored.isEmpty() ? "" : "; put back " + String.join(", ", restored));
        }

        private static List<String> concat(List<String> a, List<String> b) {
            List<String> out = new ArrayList<>(a);
            out.addAll(b);
            return out;
        }
    }

    private Teardown() {}

    static Report undo(Owned owned, HostTools tools) throws IOException {
        List<String> unmounted = new ArrayList<>();
        List<String> detached = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        LoopDevices loops = tools.losetup().map(LoopDevices::new).orElse(null);
        List<LoopDevices.Loop> ours = new ArrayList<>();
        if (loops != null && !owned.images().isEmpty()) {
            for (LoopDevices.Loop l : loops.list()) {
                Optional<Image> img = owned.images().stream()
                        .filter(i -> i.id().sameFile(l.backing()))
                        .findFirst();
                if (img.isEmpty()) {
                    continue;
                }
                if (img.get().proven()) {
                    ours.add(l);
                } else {
                    problems.add(l.device() + " is backed by the inode recorded for "
                            + img.get().name() + " (" + l.backing()
                            + "), but that name no longer points at the file the lab made; left alone");
                }
            }
        }
        Set<String> ourDevices = ours.stream().map(LoopDevices.Loop::device).collect(Collectors.toSet());

        for (Path mp : owned.mountPoints()) {
            unmountAll(mp, ourDevices, unmounted, problems);
        }
        List<String> restored = restoreKnobs(owned.knobs(), ourDevices, loops, problems);
        for (HostClaims.ScrubRecord r : owned.scrubRecords()) {
            HostClaims.remove(r, problems).forEach(f -> restored.add("removed " + f));
        }
        List<MountTable.Mount> table = MountTable.read();
        for (LoopDevices.Loop l : ours) {
            Optional<MountTable.Mount> still =
                    table.stream().filter(m -> m.source().equals(l.device())).findFirst();
            if (still.isPresent()) {
                problems.add(l.device() + " is still mounted on " + still.get().mountPoint() + "; not detached");
                continue;
            }
            if (tools.btrfs().isPresent()) {
                // Unregister it from btrfs's device list, so no later mount or scan takes it for a member.
                Exec.run(List.of(tools.btrfs().get().toString(), "device", "scan", "--forget", l.device()), LIMIT);
            }
            try {
                loops.detach(l);
                detached.add(l.device());
            } catch (IOException e) {
                problems.add(e.getMessage());
            }
        }
        if (loops != null && !ours.isEmpty()) {
            for (LoopDevices.Loop l : waitUntilReleased(loops, ours)) {
                problems.add(l.device() + " still holds " + l.backingFile() + " open; the image stays");
            }
        }
        return new Report(unmounted, detached, List.of(), problems, restored);
    }

    /**
     * Puts back the queue settings the lab changed on its loop devices, before they are detached: on a device still
     * backed by the lab's image, or on one nobody has attached since; never on a device that now serves another file.
     */
    private static List<String> restoreKnobs(
            List<HostClaims.Knob> knobs, Set<String> ourDevices, LoopDevices loops, List<String> problems)
            throws IOException {
        List<String> restored = new ArrayList<>();
        if (knobs.isEmpty()) {
            return restored;
        }
        Set<String> attached = loops == null
                ? Set.of()
                : loops.list().stream().map(LoopDevices.Loop::device).collect(Collectors.toSet());
        for (HostClaims.Knob k : knobs) {
            if (!ourDevices.contains(k.device()) && attached.contains(k.device())) {
                problems.add(k.device() + " now serves another file; its " + k.knob() + " was left as it is (the"
                        + " lab had found " + k.value() + ")");
                continue;
            }
            try {
                HostClaims.restore(k).ifPresent(restored::add);
            } catch (IOException | RuntimeException e) {
                problems.add(
                        "cannot put back " + k.device() + " " + k.knob() + " to " + k.value() + ": " + e.getMessage());
            }
        }
        return restored;
    }

    /**
     * Detaching a loop device that is still open (btrfs releases its devices a moment after umount returns) only
     * marks it to clear itself on the last close; wait for that, up to {@link #RELEASE_WAIT}. The devices still
     * attached then.
     */
    private static List<LoopDevices.Loop> waitUntilReleased(LoopDevices loops, List<LoopDevices.Loop> ours)
            throws IOException {
        long deadline = System.nanoTime() + RELEASE_WAIT.toNanos();
        List<LoopDevices.Loop> attached = stillAttached(loops, ours);
        while (!attached.isEmpty() && System.nanoTime() < deadline) {
            sleep(100);
            attached = stillAttached(loops, ours);
        }
        return attached;
    }

    private static List<LoopDevices.Loop> stillAttached(LoopDevices loops, List<LoopDevices.Loop> ours)
            throws IOException {
        List<LoopDevices.Loop> now = loops.list();
        return ours.stream()
                .filter(o -> now.stream()
                        .anyMatch(n ->
                                n.device().equals(o.device()) && n.backing().sameFile(o.backing())))
                .toList();
    }

    /** Unmounts what is mounted at {@code mp}, top first, as long as it is a mount of one of the lab's devices. */
    private static void unmountAll(Path mp, Set<String> ourDevices, List<String> unmounted, List<String> problems)
            throws IOException {
        for (int guard = 0; guard < 8; guard++) {
            Optional<MountTable.Mount> top = MountTable.topAt(MountTable.read(), mp);
            if (top.isEmpty()) {
                return;
            }
            if (!ourDevices.contains(top.get().source())) {
                problems.add(top.get().source() + " (" + top.get().fsType() + ") is mounted on " + mp
                        + " but is not one of the lab's devices; left alone");
                return;
            }
            Optional<String> failed = unmount(mp, true);
            if (failed.isPresent()) {
                problems.add(failed.get());
                return;
            }
            unmounted.add(top.get().source() + " from " + mp);
        }
    }

    /**
     * umount2 of {@code mp} without following a symlink in its last component, retried while busy (a file just
     * closed is still being released); with {@code lazy}, detached from the tree as a last resort (the filesystem
     * goes when its last user does).
     *
     * @return empty when unmounted, else why not
     */
    static Optional<String> unmount(Path mp, boolean lazy) {
        int errno = 0;
        for (int attempt = 0; attempt < 5; attempt++) {
            errno = LibC.umount2(mp.toString(), LibC.UMOUNT_NOFOLLOW);
            if (errno == 0) {
                return Optional.empty();
            }
            if (errno != Errno.EBUSY) {
                break;
            }
            sleep(200L * (attempt + 1));
        }
        if (lazy && errno == Errno.EBUSY) {
            errno = LibC.umount2(mp.toString(), LibC.UMOUNT_NOFOLLOW | LibC.MNT_DETACH);
        }
        return errno == 0 ? Optional.empty() : Optional.of("cannot unmount " + mp + ": " + Errno.name(errno));
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // keep tearing down; the caller sees the flag
        }
    }
}
