package org.diolab.lesson;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.diolab.io.BoundedText;
import org.diolab.io.UnreadableText;

/**
 * The source threads shipped under {@code lessons/sources/}, for checking that every quote a lesson makes appears in
 * the thread it names. Mail wraps lines, so quotes are compared with runs of whitespace collapsed to one space.
 * A source that cannot be read (not a regular file, too big, not UTF-8) is remembered with the reason, so the
 * lessons that cite it say why and the others load as usual.
 */
public final class SourceTexts {
    private final Map<String, String> normalized = new HashMap<>();
    private final Map<String, String> unreadable = new HashMap<>();
    private final Map<String, ThreadAuthors> authors = new HashMap<>();
    private QuoteSubjects subjects = QuoteSubjects.none();
    private KnownCommits commits = KnownCommits.none();
    private String shown = "sources/";

    private SourceTexts() {}

    /** Reads every {@code *.txt} in {@code dir}; a missing directory gives an empty set (every quote then fails). */
    public static SourceTexts load(Path dir) throws IOException {
        SourceTexts s = new SourceTexts();
        // the bundled threads sit in the jar's own file system: there, the project's folder is the one to name
        s.shown = dir.getFileSystem() == java.nio.file.FileSystems.getDefault()
                ? dir + java.io.File.separator
                : LessonLoader.BUNDLED + "/sources/";
        if (Files.isDirectory(dir)) {
            s.subjects = QuoteSubjects.load(dir.resolve("subjects.yaml"));
            s.commits = KnownCommits.load(dir.resolve(KnownCommits.FILE));
            try (Stream<Path> files = Files.list(dir)) {
                for (Path f : files.filter(p -> p.getFileName().toString().endsWith(".txt"))
                        .sorted()
                        .toList()) {
                    String name = f.getFileName().toString();
                    try {
                        String text = BoundedText.read(f, LessonText.MAX_SOURCE_BYTES, "source threads");
                        s.normalized.put(name, normalize(text));
                        s.authors.put(name, ThreadAuthors.of(text));
                    } catch (UnreadableText e) {
                        s.unreadable.put(
                                name,
                                "source '" + name + "' cannot be read: " + e.getMessage()
                                        + (e.line() > 1 || e.column() > 1
                                                ? " (at " + e.line() + ":" + e.column() + ")"
                                                : ""));
                    }
                }
            }
        }
        return s;
    }

    /**
     * What to say about a thread {@code file} that a lesson names but that is not here: why it could not be read, or
     * which folder it is missing from ({@code what}: "seed file", "source").
     */
    public String missing(String what, String file) {
        return unreadable(file).orElse(what + " '" + file + "' is not in " + shown);
    }

    /** The hint for a missing thread: the nearest name there is, or where to put it when the folder has none. */
    public String missingHint(String file) {
        return files().isEmpty()
                ? "put the thread there as a .txt file (the bundled threads are in the project's lessons/sources/)"
                : Suggest.hint(file, files());
    }

    /** Why source {@code file} could not be read, if it exists but could not. */
    public Optional<String> unreadable(String file) {
        return Optional.ofNullable(unreadable.get(file));
    }

    public static String normalize(String text) {
        return text.replaceAll("\\s+", " ").trim();
    }

    public List<String> files() {
        return normalized.keySet().stream().sorted().toList();
    }

    public boolean has(String file) {
        return normalized.containsKey(file);
    }

    /** What some quotes are about (from {@code subjects.yaml} beside the threads). */
    QuoteSubjects subjects() {
        return subjects;
    }

    /** The commits lessons may cite (from {@code commits.yaml} beside the threads). */
    KnownCommits commits() {
        return commits;
    }

    /** Who wrote what in {@code file}; {@code null} if there is no such file. */
    ThreadAuthors authors(String file) {
        return authors.get(file);
    }

    /**
     * Whether {@code quote} appears verbatim (modulo line wrapping) in {@code file}; in a patch, modulo the diff's line
     * markers and a comment's leading {@code *} too, so a comment that spans lines can be quoted as one sentence.
     */
    public boolean contains(String file, String quote) {
        boolean plain = Optional.ofNullable(normalized.get(file))
                .map(t -> t.contains(normalize(quote)))
                .orElse(false);
        ThreadAuthors a = authors.get(file);
        return plain || a != null && a.anywhere(quote);
    }
}
