package org.diolab.lesson.glossary;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.diolab.io.BoundedText;
import org.diolab.io.UnreadableText;
import org.diolab.lesson.LessonLoader;
import org.diolab.lesson.Problem;
import org.diolab.lesson.Suggest;

/**
 * The kernel terms the lessons use, each with a short definition and its source, read from
 * {@code lessons/sources/glossary.yaml}; and the means to find them in any text the app shows.
 *
 * <pre>{@code
 * Glossary g = Glossary.bundled();
 * for (GlossarySpan s : g.find(narration)) {   // underline s.start()..s.end(), show s.entry() on hover
 * }
 * g.lookup("bi_iter");                          // the entry, by headword or alias
 * g.forStep("end-io");                          // the entry a lane's step label stands for
 * }</pre>
 *
 * <p>Finding is one pass over the text through a trie of every name ({@link TermIndex}: longest match, word
 * boundaries, exact case for identifiers and acronyms), a few microseconds per narration.
 */
public final class Glossary {
    /** The glossary's file in a lessons folder's {@code sources/}. */
    public static final String FILE = "glossary.yaml";

    private static volatile GlossaryFile bundled;

    private final List<GlossaryEntry> entries;
    private final TermIndex index = new TermIndex();
    private final Map<String, GlossaryEntry> byStep = new LinkedHashMap<>();

    Glossary(List<GlossaryEntry> entries) {
        this.entries = List.copyOf(entries);
        for (GlossaryEntry e : this.entries) {
            e.names().forEach(n -> index.add(n, e));
            e.steps().forEach(s -> {
                byStep.putIfAbsent(s, e);
                index.addStep(s, e);
            });
        }
    }

    /** The glossary shipped with DIO Lab (read once). A broken bundled file is a bug the tests catch. */
    public static Glossary bundled() {
        return bundledFile().glossary();
    }

    /** The bundled glossary with what is wrong with its file, for {@code check}. */
    public static GlossaryFile bundledFile() {
        GlossaryFile g = bundled;
        if (g == null) {
            try {
                g = load(LessonLoader.bundledFolder().resolve("sources"));
            } catch (IOException e) {
                throw new IllegalStateException("cannot read the bundled glossary: " + e.getMessage(), e);
            }
            bundled = g;
        }
        return g;
    }

    /**
     * The glossary in {@code sourcesDir} ({@code sources/glossary.yaml} of a lessons folder), its seed threads
     * ({@code *.txt}) the sources an entry may cite. A missing file is an empty glossary.
     */
    public static GlossaryFile load(Path sourcesDir) throws IOException {
        Path file = sourcesDir.resolve(FILE);
        String name = file.getFileSystem() == FileSystems.getDefault() ? file.toString() : "lessons/sources/" + FILE;
        if (!Files.exists(file)) {
            return new GlossaryFile(name, new Glossary(List.of()), List.of(), false);
        }
        List<String> seeds;
        try (Stream<Path> s = Files.list(sourcesDir)) {
            seeds = s.map(p -> p.getFileName().toString())
                    .filter(n -> n.endsWith(".txt"))
                    .sorted()
                    .toList();
        }
        String text;
        try {
            text = BoundedText.read(file, GlossaryParser.MAX_BYTES, "glossary files");
        } catch (UnreadableText e) {
            return new GlossaryFile(
                    name,
                    new Glossary(List.of()),
                    List.of(new Problem(
                            name, e.line(), e.column(), "cannot read the glossary: " + e.getMessage(), e.hint())),
                    true);
        }
        return parse(name, text, Set.copyOf(seeds));
    }

    /** Parses a glossary file's text; {@code seeds} are the thread files an entry may cite. */
    public static GlossaryFile parse(String fileName, String text, Set<String> seeds) {
        GlossaryParser p = new GlossaryParser(fileName, seeds);
        List<GlossaryEntry> entries = p.parse(text);
        return new GlossaryFile(fileName, new Glossary(entries), p.problems(), true);
    }

    /** Every entry, in the file's order (grouped by subject). */
    public List<GlossaryEntry> entries() {
        return entries;
    }

    /** Every entry by headword, case and leading underscores aside: the order of an index. */
    public List<GlossaryEntry> alphabetical() {
        return entries.stream()
                .sorted(Comparator.comparing((GlossaryEntry e) ->
                                e.term().replaceFirst("^_+", "").toLowerCase(Locale.ROOT))
                        .thenComparing(GlossaryEntry::term))
                .toList();
    }

    /** The glossary terms in {@code text}, left to right, never overlapping: the longest name wins. */
    public List<GlossarySpan> find(String text) {
        return text == null || text.isEmpty() ? List.of() : index.find(text);
    }

    /**
     * The entry {@code term} names: a headword or alias under the case rules of {@link #find}, else the one name
     * equal to it in any case ({@code "FOLIO"}, {@code "O_direct"}).
     */
    public Optional<GlossaryEntry> lookup(String term) {
        if (term == null || term.isBlank()) {
            return Optional.empty();
        }
        Optional<GlossaryEntry> e = index.whole(term);
        if (e.isPresent()) {
            return e;
        }
        String t = TermIndex.matchable(term).toLowerCase(Locale.ROOT);
        return entries.stream()
                .filter(x -> x.names().stream()
                        .anyMatch(n ->
                                TermIndex.matchable(n).toLowerCase(Locale.ROOT).equals(t)))
                .findFirst();
    }

    /** The entry a step label stands for ({@code end-io} → end_io, {@code dma} → DMA), if any. */
    public Optional<GlossaryEntry> forStep(String label) {
        return Optional.ofNullable(byStep.get(label));
    }

    /** Up to {@code n} headwords nearest to {@code term}, for "did you mean" (names that contain it come first). */
    public List<String> nearest(String term, int n) {
        String t = term.toLowerCase(Locale.ROOT).strip();
        record Scored(String term, int score) {}
        Map<String, Integer> best = new LinkedHashMap<>();
        for (GlossaryEntry e : entries) {
            for (String name : e.names()) {
                String l = name.toLowerCase(Locale.ROOT);
                int score = l.contains(t) || (t.length() >= 3 && t.contains(l))
                        ? Math.abs(l.length() - t.length()) / 4
                        : 1 + Suggest.distance(t, l);
                best.merge(e.term(), score, Math::min);
            }
        }
        List<Scored> ranked = new ArrayList<>();
        best.forEach((k, v) -> ranked.add(new Scored(k, v)));
        int cutoff = Math.max(3, t.length() / 2 + 1);
        return ranked.stream()
                .filter(s -> s.score() <= cutoff)
                .sorted(Comparator.comparingInt(Scored::score))
                .limit(n)
                .map(Scored::term)
                .toList();
    }
}
