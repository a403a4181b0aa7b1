package org.diolab.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The {@code --out} folder of an export: made (with its missing parents) and proved writable before any frame is
 * drawn, so a read-only or mistyped place is refused at once instead of after the rendering; and, when the export
 * fails half-way (the disk fills up), what it wrote is removed again, leaving the folder as it was found.
 */
final class ExportTarget {
    private final Path out;
    private final String stem;
    private final List<Path> madeDirs;
    private final Set<Path> before;

    private ExportTarget(Path out, String stem, List<Path> madeDirs, Set<Path> before) {
        this.out = out;
        this.stem = stem;
        this.madeDirs = madeDirs;
        this.before = before;
    }

    /**
     * Makes {@code out} ready for the files of {@code stem} ({@code <stem>.gif}, {@code <stem>.mp4} or {@code
     * <stem>/step-NNN.png}), or a UserError saying why it cannot be and what to do.
     */
    static ExportTarget prepare(Path out, String stem) {
        if (Files.exists(out) && !Files.isDirectory(out)) {
            throw new UserError("--out " + out + " is a file; give a folder to write the frames into");
        }
        List<Path> made = new ArrayList<>();
        for (Path p = out.toAbsolutePath().normalize(); p != null && !Files.exists(p); p = p.getParent()) {
            made.addFirst(p);
        }
        try {
            for (Path d : made) {
                Files.createDirectory(d);
            }
            Path probe = Files.createTempFile(out, ".dio-lab-export-", ".probe");
            Files.delete(probe);
            return new ExportTarget(out, stem, made, listing(out, stem));
        } catch (IOException e) {
            removeDirs(made);
            throw new UserError("cannot write into --out " + out + " (" + reason(e)
                    + "); give a folder you can write to, e.g. --out ~/dio-lab-frames");
        }
    }

    /**
     * Removes the export's files that were not there before (frames of an earlier export are kept) and the folders
     * {@link #prepare} made; returns how many files were removed. Nothing else under {@code --out} is touched.
     */
    int undo() {
        int removed = 0;
        Set<Path> now;
        try {
            now = listing(out, stem);
        } catch (IOException | UncheckedIOException e) {
            return 0; // cannot tell what is new: touch nothing
        }
        List<Path> added = now.stream()
                .filter(p -> !before.contains(p))
                .sorted(Comparator.comparingInt(Path::getNameCount).reversed())
                .toList();
        for (Path p : added) {
            try {
                boolean file = !Files.isDirectory(p);
                if (Files.deleteIfExists(p) && file) {
                    removed++;
                }
            } catch (IOException e) {
                // left behind: the failure message already says where the export wrote
            }
        }
        removeDirs(madeDirs);
        return removed;
    }

    /** The short reason of an I/O failure: "No space left on device", "Read-only file system". */
    static String reason(IOException e) {
        if (e instanceof java.nio.file.FileSystemException f && f.getReason() != null) {
            return f.getReason();
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    private static void removeDirs(List<Path> made) {
        for (Path d : made.reversed()) {
            try {
                Files.deleteIfExists(d);
            } catch (IOException e) {
                return; // not empty (someone else wrote there) or gone: leave it
            }
        }
    }

    /** What an export of {@code stem} may write in {@code dir}: {@code <stem>.*}, {@code <stem>/} and its files. */
    private static Set<Path> listing(Path dir, String stem) throws IOException {
        Set<Path> out = new HashSet<>();
        try (Stream<Path> s = Files.list(dir)) {
            s.filter(p -> {
                        String n = p.getFileName().toString();
                        return n.equals(stem) || n.startsWith(stem + ".");
                    })
                    .forEach(out::add);
        }
        Path frames = dir.resolve(stem);
        if (Files.isDirectory(frames, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            try (Stream<Path> s = Files.list(frames)) {
                s.forEach(out::add);
            }
        }
        return out;
    }
}
