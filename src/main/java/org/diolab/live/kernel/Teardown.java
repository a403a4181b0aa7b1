package org.diolab.live.kernel;

import java.io.IOException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Undoes what a run recorded, in the only safe order: unmount (only at the run's mount points, only mounts of the
 * run's loop devices), forget and detach the loop devices (only those the kernel says are backed by the run's image
 * inodes and that nothing mounts any more), delete the images (only when the file at that path is still the inode
 * the run created), remove the empty mount points. The same code ends a run, a cancelled or failed run, and sweeps a
 * killed run's leftovers, so every path is exercised by every run. Anything it must leave is listed as a problem.
 */
final class Teardown {
    private static final Duration LIMIT = Duration.ofSeconds(60);
    private static final Duration RELEASE_WAIT = Duration.ofSeconds(10);

    /** What was undone and what could not be. */
    record Report(List<String> unmounted, List<String> detached, List<String> deleted, List<String> problems) {
        static final Report EMPTY = new Report(List.of(), List.of(), List.of(), List.of());

        boolean complete() {
            return problems.isEmpty();
        }

        boolean nothing() {
            return unmounted.isEmpty() && detached.isEmpty() && deleted.isEmpty() && problems.isEmpty();
        }

        /** "1 mount(s), 2 loop device(s), 2 image(s)", and test files on a user's mount if any. */
        String summary() {
            long images = deleted.stream().filter(d -> d.endsWith(".img")).count();
            long files = deleted.size() - images;
            return unmounted.size() + " mount(s), " + detached.size() + " loop device(s), " + images + " image(s)"
                    + (files == 0 ? "" : ", " + files + " test file(s)");
        }
    }

    private Teardown() {
    }

    static Report undo(OwnedResources owned, HostTools tools) throws IOException {
        List<String> unmounted = new ArrayList<>();
        List<String> detached = new ArrayList<>();
        List<String> deleted = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        Set<FileIdentity> identities = owned.images().stream().map(OwnedResources.Image::identity)
                .collect(Collectors.toSet());
        LoopDevices loops = tools.losetup().map(LoopDevices::new).orElse(null);
        List<LoopDevices.Loop> ours = new ArrayList<>();
        if (loops != null && !identities.isEmpty()) {
            for (LoopDevices.Loop l : loops.list()) {
                if (identities.contains(l.backing())) {
                    ours.add(l);
                }
            }
        }
        Set<String> ourDevices = ours.stream().map(LoopDevices.Loop::device).collect(Collectors.toSet());

        for (Path mp : owned.mountPoints()) {
            unmountAll(mp, ourDevices, tools, unmounted, problems);
        }
        List<MountTable.Mount> table = MountTable.read();
        for (LoopDevices.Loop l : ours) {
            Optional<MountTable.Mount> still = table.stream().filter(m -> m.source().equals(l.device())).findFirst();
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
        Set<FileIdentity> attached = loops == null || identities.isEmpty() ? Set.of()
                : waitUntilReleased(loops, identities);
        for (OwnedResources.Image img : owned.images()) {
            deleteImage(img, attached, deleted, problems);
        }
        for (Path mp : owned.mountPoints()) {
            try {
                Files.deleteIfExists(mp);
            } catch (DirectoryNotEmptyException e) {
                problems.add(mp + " is not empty; left in place");
            }
        }
        for (Path work : owned.workDirs()) {
            emptyWorkDir(work, deleted, problems);
        }
        return new Report(List.copyOf(unmounted), List.copyOf(detached), List.copyOf(deleted), List.copyOf(problems));
    }

    private static Set<FileIdentity> attachedIdentities(LoopDevices loops, Set<FileIdentity> ids) throws IOException {
        return loops.list().stream().map(LoopDevices.Loop::backing).filter(ids::contains).collect(Collectors.toSet());
    }

    /**
     * Detaching a loop device that is still open (btrfs releases its devices a moment after umount returns) only
     * marks it to clear itself on the last close; wait for that, up to {@link #RELEASE_WAIT}, before judging.
     */
    private static Set<FileIdentity> waitUntilReleased(LoopDevices loops, Set<FileIdentity> ids) throws IOException {
        long deadline = System.nanoTime() + RELEASE_WAIT.toNanos();
        Set<FileIdentity> attached = attachedIdentities(loops, ids);
        while (!attached.isEmpty() && System.nanoTime() < deadline) {
            sleep(100);
            attached = attachedIdentities(loops, ids);
        }
        return attached;
    }

    /** Unmounts what is mounted at {@code mp}, top first, as long as it is a mount of one of the run's devices. */
    private static void unmountAll(Path mp, Set<String> ourDevices, HostTools tools, List<String> unmounted,
                                   List<String> problems) throws IOException {
        for (int guard = 0; guard < 8; guard++) {
            Optional<MountTable.Mount> top = MountTable.topAt(MountTable.read(), mp);
            if (top.isEmpty()) {
                return;
            }
            if (!ourDevices.contains(top.get().source())) {
                problems.add(top.get().source() + " (" + top.get().fsType() + ") is mounted on " + mp
                        + " but is not this run's device; left alone");
                return;
            }
            if (tools.umount().isEmpty()) {
                problems.add("umount not found; " + mp + " stays mounted");
                return;
            }
            String umount = tools.umount().get().toString();
            Exec.Result r = null;
            for (int attempt = 0; attempt < 5; attempt++) {
                r = Exec.run(List.of(umount, mp.toString()), LIMIT);
                if (r.ok()) {
                    break;
                }
                sleep(200L * (attempt + 1)); // EBUSY while a just-closed file is released
            }
            if (!r.ok()) {
                // Last resort: detach the mount now; the filesystem goes when its last user does.
                r = Exec.run(List.of(umount, "--lazy", mp.toString()), LIMIT);
            }
            if (r.ok()) {
                unmounted.add(top.get().source() + " on " + mp);
            } else {
                problems.add(r.describe());
                return;
            }
        }
    }

    private static void deleteImage(OwnedResources.Image img, Set<FileIdentity> attached, List<String> deleted,
                                    List<String> problems) throws IOException {
        if (!Files.exists(img.path(), LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        if (attached.contains(img.identity())) {
            problems.add(img.path() + " still backs a loop device; kept");
            return;
        }
        try {
            if (!Files.isRegularFile(img.path(), LinkOption.NOFOLLOW_LINKS)
                    || !FileIdentity.of(img.path()).equals(img.identity())) {
                problems.add(img.path() + " is not the file this run created; left alone");
                return;
            }
            Files.delete(img.path());
            deleted.add(img.path().getFileName().toString());
        } catch (NoSuchFileException gone) {
            // removed meanwhile: nothing to do
        }
    }

    /** Deletes the regular files directly in a work directory (never following links, never recursing), then it. */
    private static void emptyWorkDir(Path work, List<String> deleted, List<String> problems) throws IOException {
        if (!Files.isDirectory(work, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        if (MountTable.read().stream().anyMatch(m -> m.mountPoint().startsWith(work))) {
            problems.add("something is mounted in " + work + "; left in place");
            return;
        }
        try (java.nio.file.DirectoryStream<Path> files = Files.newDirectoryStream(work)) {
            for (Path f : files) {
                if (Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS)) {
                    Files.delete(f);
                    deleted.add(work.getFileName() + "/" + f.getFileName());
                }
            }
        }
        try {
            Files.delete(work);
        } catch (DirectoryNotEmptyException e) {
            problems.add(work + " holds more than the lab's files; left in place");
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // keep tearing down; the caller sees the flag
        }
    }
}
