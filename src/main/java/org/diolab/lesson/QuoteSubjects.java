package org.diolab.lesson;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.diolab.io.BoundedText;
import org.diolab.lesson.yaml.Node;
import org.diolab.lesson.yaml.YamlSyntaxError;
import org.diolab.lesson.yaml.YamlTreeReader;

/**
 * What some quotes of the source threads are about, read from {@code sources/subjects.yaml}: for each, a distinctive
 * part of the quote, its file, the subjects it speaks to and a line of context. {@code check} uses it to flag a quote
 * reused on a step about something else, where it can tell; quotes not listed are not judged.
 *
 * <p>Subjects: {@value #SUBJECTS}.
 */
final class QuoteSubjects {
    static final String SUBJECTS = "direct-write, direct-read, buffered-writeback, swap, locking, admin";
    static final List<String> KNOWN = List.of(SUBJECTS.split(", "));

    /** One annotated quote. */
    record Entry(String source, String quote, Set<String> about, String context) {}

    private final List<Entry> entries;

    private QuoteSubjects(List<Entry> entries) {
        this.entries = List.copyOf(entries);
    }

    static QuoteSubjects none() {
        return new QuoteSubjects(List.of());
    }

    /** Reads {@code file} if it exists; a malformed entry is skipped (the file is the project's, checked by a test). */
    static QuoteSubjects load(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            return none();
        }
        List<Entry> out = new ArrayList<>();
        try {
            Node root = YamlTreeReader.read(BoundedText.read(file, LessonText.MAX_LESSON_BYTES, "subject annotations"));
            if (root instanceof Node.ListNode list) {
                for (Node item : list.items()) {
                    Entry e = entry(item);
                    if (e != null) {
                        out.add(e);
                    }
                }
            }
        } catch (YamlSyntaxError e) {
            throw new IOException(file + ":" + e.line() + ": " + e.getMessage(), e);
        }
        return new QuoteSubjects(out);
    }

    private static Entry entry(Node item) {
        if (!(item instanceof Node.MapNode m)) {
            return null;
        }
        String source = text(m, "source");
        String quote = text(m, "quote");
        Set<String> about = new TreeSet<>();
        if (m.entries().get("about") instanceof Node.ListNode l) {
            l.items().forEach(i -> {
                if (i instanceof Node.ScalarNode s && s.text() != null) {
                    about.add(s.text());
                }
            });
        }
        return source == null || quote == null || about.isEmpty()
                ? null
                : new Entry(source, SourceTexts.normalize(quote), about, text(m, "context"));
    }

    private static String text(Node.MapNode m, String key) {
        return m.entries().get(key) instanceof Node.ScalarNode s ? s.text() : null;
    }

    List<Entry> entries() {
        return entries;
    }

    /** The annotation of a quote from {@code source} that contains an annotated part, or {@code null}. */
    Entry of(String source, String quote) {
        String q = SourceTexts.normalize(quote);
        return entries.stream()
                .filter(e -> e.source().equals(source) && q.contains(e.quote()))
                .findFirst()
                .orElse(null);
    }
}
