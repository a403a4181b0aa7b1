package org.diolab.live;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Laid-out files kept between runs when the user allows it ({@code bench --keep-files}), as fio keeps its files by
 * default: a later run of the same size reuses them instead of writing the whole file again (seconds per GiB on a
 * slow disk) and removing it (ext4 with {@code -o discard} discards a file extent by extent on unlink).
 *
 * <p>Name pattern: {@code .dio-lab-keep-<size>-w<worker>-m<mirror>}, for example {@code .dio-lab-keep-1g-w0-m0}
 * (size as fio writes it). Unlike a session's {@code .dio-lab-<pid>-<start>-<tag>} files these name no owner, so no
 * sweep of a crashed run's leftovers ever takes them. Rules:
 * <ul>
 *   <li>a kept name only ever holds a fully laid-out file: a file is laid out under its session name first and
 *       renamed to its kept name after the layout is complete;</li>
 *   <li>a run uses a kept file only while it holds an exclusive {@code flock} on it (kept until the session
 *       closes); a file another live run holds is left alone, and this run lays out a private one instead;</li>
 *   <li>nothing here deletes a kept file except {@link #removeAll}, at the user's request, and only files whose lock
 *       it can take.</li>
 * </ul>
 */
final class KeptFiles implements AutoCloseable {
    static final String PREFIX = ScratchFileName.PREFIX + "keep-";
    private static final Pattern NAME = Pattern.compile("\\.dio-lab-keep-(\\d{1,19}[kmgtp]?)-(w\\d{1,3}-m\\d{1,2})");

    private final Path dir;
    private final Map<Path, Lock> held = new LinkedHashMap<>();

    KeptFiles(Path dir) {
        this.dir = dir;
    }

    /** The kept name of slot {@code tag} ({@code w0-m0}) for files of {@code size} bytes. */
    static String name(long size, String tag) {
        return PREFIX + FioUnits.formatSize(size) + "-" + tag;
    }

    /** Whether {@code fileName} is a kept file's name (the sweep of stale session files must leave these alone). */
    static boolean isKeptName(String fileName) {
        return NAME.matcher(fileName).matches();
    }

    /** The size a kept name promises, if it is one. */
    static Optional<Long> sizeOf(String fileName) {
        Matcher m = NAME.matcher(fileName);
        return m.matches() ? Optional.of(FioUnits.parseSize(m.group(1))) : Optional.empty();
    }

    /**
     * The kept file for slot {@code tag} at {@code size}, locked for this session: present when it exists, is a
     * regular file of exactly that size, and no other run holds it.
     */
    synchronized Optional<Path> acquire(long size, String tag) throws IOException {
        Path p = dir.resolve(name(size, tag));
        if (held.containsKey(p)) {
            return Optional.of(p);
        }
        BasicFileAttributes a;
        try {
            a = Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (IOException absent) {
            return Optional.empty();
        }
        if (!a.isRegularFile() || a.size() != size) {
            return Optional.empty();
        }
        Lock lock = Lock.tryTake(p);
        if (lock == null) {
            return Optional.empty(); // another live run is using it
        }
        held.put(p, lock);
        return Optional.of(p);
    }

    /**
     * Turns {@code laidOut}, a fully written session file, into the kept file of slot {@code tag}: locks it, then
     * renames it to its kept name. Returns the kept path, or empty when the name is taken (another run kept one
     * meanwhile): the session file then stays a session file.
     */
    synchronized Optional<Path> adopt(Path laidOut, long size, String tag) throws IOException {
        Path target = dir.resolve(name(size, tag));
        if (Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
            return Optional.empty();
        }
        Lock lock = Lock.tryTake(laidOut);
        if (lock == null) {
            return Optional.empty();
        }
        try {
            Files.move(laidOut, target, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException | java.nio.file.FileAlreadyExistsException e) {
            lock.close();
            return Optional.empty();
        }
        held.put(target, lock);
        return Optional.of(target);
    }

    /** Kept files in {@code dir}, by name. */
    static List<Path> list(Path dir) throws IOException {
        List<Path> out = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir, PREFIX + "*")) {
            for (Path p : entries) {
                if (isKeptName(p.getFileName().toString())
                        && Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)) {
                    out.add(p);
                }
            }
        }
        out.sort(null);
        return out;
    }

    /** How many kept files {@link #removeAll} removed, and their bytes. */
    record Removal(int files, long bytes) {
    }

    /** Removes the kept files in {@code dir} that no live run holds. */
    static Removal removeAll(Path dir) throws IOException {
        long freed = 0;
        int files = 0;
        for (Path p : list(dir)) {
            Lock lock = Lock.tryTake(p);
            if (lock == null) {
                continue; // in use by a live run
            }
            try (lock) {
                long size = Files.size(p);
                Files.delete(p);
                freed += size;
                files++;
            }
        }
        return new Removal(files, freed);
    }

    /** Releases every lock this session holds; the files stay. */
    @Override
    public synchronized void close() {
        held.values().forEach(Lock::close);
        held.clear();
    }

    /** An exclusive, non-blocking {@code flock} on a file, held while its descriptor is open. */
    static final class Lock implements AutoCloseable {
        private final NativeFile file;

        private Lock(NativeFile file) {
            this.file = file;
        }

        /** The lock, or null when another process holds it. */
        static Lock tryTake(Path p) throws IOException {
            NativeFile f = NativeFile.open(p, false, false);
            try {
                if (f.tryLockExclusive()) {
                    return new Lock(f);
                }
                f.close();
                return null;
            } catch (IOException | RuntimeException e) {
                f.close();
                throw e;
            }
        }

        @Override
        public void close() {
            file.close(); // closing the last descriptor releases the flock
        }
    }
}
