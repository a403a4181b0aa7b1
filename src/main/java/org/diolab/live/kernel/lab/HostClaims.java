package org.diolab.live.kernel.lab;

import java.io.IOException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * What the lab changes on the host besides its loop devices and mounts, each recorded in the session's lock file as a
 * claim before the change, so the run undoes it at its end (on failure and Ctrl-C too) and the next run's sweep undoes
 * a killed run's: a loop device's queue setting ({@code knob /dev/loop3 stable_writes 0 <image>}: the value found
 * before) and btrfs-progs' scrub record of one of the lab's own volumes ({@code scrub-record <uuid> dir-existed}).
 */
final class HostClaims {
    /** Where btrfs-progs keeps its scrub records (man btrfs-scrub: scrub.status.UUID, scrub.progress.UUID). */
    static final Path SCRUB_DIR = Path.of("/var/lib/btrfs");

    private static final Pattern WORD = Pattern.compile("[A-Za-z0-9_.:-]+");
    private static final Pattern UUID = Pattern.compile("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");

    private HostClaims() {}

    /** A queue setting of a loop device the lab changed: the value to put back, and the image the device is over. */
    record Knob(String device, String knob, String value, String image) {
        Knob {
            for (String w : List.of(device, knob, value, image)) {
                if (!WORD.matcher(w.replace("/dev/", "")).matches()) {
                    throw new IllegalArgumentException("not one word: '" + w + "'");
                }
            }
        }

        String claim() {
            return "knob " + device + " " + knob + " " + value + " " + image;
        }

        /** "loop3" of "/dev/loop3". */
        String name() {
            return Path.of(device).getFileName().toString();
        }
    }

    /** btrfs-progs' record of a scrub of the lab's volume {@code uuid}; whether its directory was there before. */
    record ScrubRecord(String uuid, boolean dirExisted) {
        ScrubRecord {
            if (!UUID.matcher(uuid).matches()) {
                throw new IllegalArgumentException("not a filesystem UUID: '" + uuid + "'");
            }
        }

        String claim() {
            return "scrub-record " + uuid + " " + (dirExisted ? "dir-existed" : "dir-created");
        }

        static ScrubRecord before(String uuid) {
            return new ScrubRecord(uuid, Files.exists(SCRUB_DIR, LinkOption.NOFOLLOW_LINKS));
        }
    }

    static Optional<Knob> knob(String claim) {
        String[] w = claim.split(" ");
        if (w.length != 5 || !w[0].equals("knob")) {
            return Optional.empty();
        }
        try {
            return Optional.of(new Knob(w[1], w[2], w[3], w[4]));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    static Optional<ScrubRecord> scrubRecord(String claim) {
        String[] w = claim.split(" ");
        if (w.length != 3 || !w[0].equals("scrub-record")) {
            return Optional.empty();
        }
        try {
            return Optional.of(new ScrubRecord(w[1], w[2].equals("dir-existed")));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /**
     * Puts {@code k} back, while its loop device is still the lab's (the caller checked it is backed by the image the
     * lab made); "loop3 stable_writes 1 -> 0", or empty when it already holds the value.
     */
    static Optional<String> restore(Knob k) throws IOException {
        Optional<Path> q = QueueKnobs.queueOf(k.name());
        Optional<String> now = q.flatMap(p -> QueueKnobs.read(p.resolve(k.knob())));
        if (now.isEmpty() || now.get().equals(k.value())) {
            return Optional.empty();
        }
        QueueKnobs.write(k.name(), k.knob(), k.value());
        return Optional.of(k.name() + " " + k.knob() + " " + now.get() + " -> " + k.value());
    }

    /**
     * Removes the scrub record of the lab's volume {@code r} (the status file, and the progress pipe a killed scrub
     * leaves), only files named for that volume's own UUID, never through a symlink; and btrfs-progs' directory if the
     * scrub created it and it is empty now. What it removed; what it could not goes to {@code problems}.
     */
    static List<String> remove(ScrubRecord r, List<String> problems) {
        List<String> removed = new ArrayList<>();
        for (String kind : List.of("status", "progress")) {
            Path f = SCRUB_DIR.resolve("scrub." + kind + "." + r.uuid());
            try {
                BasicFileAttributes a = Files.readAttributes(f, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
                if (a.isDirectory()) {
                    problems.add(f + " is a directory, not a scrub record; left alone");
                    continue;
                }
                Files.delete(f); // a symlink at the name is removed itself, never followed
                removed.add(f.toString());
            } catch (NoSuchFileException e) {
                // never written, or already gone
            } catch (IOException e) {
                problems.add("cannot remove " + f + ": " + e.getMessage());
            }
        }
        if (!r.dirExisted() && Files.isDirectory(SCRUB_DIR, LinkOption.NOFOLLOW_LINKS)) {
            try {
                Files.delete(SCRUB_DIR); // only when empty
                removed.add(SCRUB_DIR.toString());
            } catch (NoSuchFileException | DirectoryNotEmptyException e) {
                // gone already, or other filesystems' records are there now: not the lab's to remove
            } catch (IOException e) {
                problems.add("cannot remove " + SCRUB_DIR + ", which the lab's scrub created: " + e.getMessage());
            }
        }
        return removed;
    }
}
