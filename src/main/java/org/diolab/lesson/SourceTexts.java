package org.diolab.lesson;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The source threads shipped under {@code lessons/sources/}, for checking that every quote a lesson makes appears in
 * the thread it names. Mail wraps lines, so quotes are compared with runs of whitespace collapsed to one space.
 */
public final class SourceTexts {
    private final Map<String, String> normalized = new HashMap<>();
    private final Map<String, ThreadAuthors> authors = new HashMap<>();
    private QuoteSubjects subjects = QuoteSubjects.none();

    private SourceTexts() {
    }

    /** Reads every {@code *.txt} in {@code dir}; a missing directory gives an empty set (every quote then fails). */
    public static SourceTexts load(Path dir) throws IOException {
        SourceTexts s = new SourceTexts();
        if (Files.isDirectory(dir)) {
            s.subjects = QuoteSubjects.load(dir.resolve("subjects.yaml"));
            try (Stream<Path> files = Files.list(dir)) {
                for (Path f : files.filter(p -> p.getFileName().toString().endsWith(".txt")).sorted().toList()) {
                    String text = Files.readString(f, StandardCharsets.UTF_8);
                    s.normalized.put(f.getFileName().toString(), normalize(text));
                    s.authors.put(f.getFileName().toString(), ThreadAuthors.of(text));
                }
            }
        }
        return s;
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

    /** Who wrote what in {@code file}; {@code null} if there is no such file. */
    ThreadAuthors authors(String file) {
        return authors.get(file);
    }

    /** Whether {@code quote} appears verbatim (modulo line wrapping) in {@code file}. */
    public boolean contains(String file, String quote) {
        return Optional.ofNullable(normalized.get(file)).map(t -> t.contains(normalize(quote))).orElse(false);
    }
}
