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

    private SourceTexts() {
    }

    /** Reads every {@code *.txt} in {@code dir}; a missing directory gives an empty set (every quote then fails). */
    public static SourceTexts load(Path dir) throws IOException {
        SourceTexts s = new SourceTexts();
        if (Files.isDirectory(dir)) {
            try (Stream<Path> files = Files.list(dir)) {
                for (Path f : files.filter(p -> p.getFileName().toString().endsWith(".txt")).sorted().toList()) {
                    s.normalized.put(f.getFileName().toString(),
                            normalize(Files.readString(f, StandardCharsets.UTF_8)));
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

    /** Whether {@code quote} appears verbatim (modulo line wrapping) in {@code file}. */
    public boolean contains(String file, String quote) {
        return Optional.ofNullable(normalized.get(file)).map(t -> t.contains(normalize(quote))).orElse(false);
    }
}
