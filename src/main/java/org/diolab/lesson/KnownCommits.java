package org.diolab.lesson;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.diolab.io.BoundedText;
import org.diolab.lesson.yaml.Node;
import org.diolab.lesson.yaml.YamlSyntaxError;
import org.diolab.lesson.yaml.YamlTreeReader;

/**
 * The commits lessons may cite, read from {@code sources/commits.yaml}: each with its subject where one is known and
 * where it was verified (a thread, the fact sheet). A lesson that names a commit id outside the list, or gives a
 * listed commit another subject, is reported, so an unverified id cannot slip into an epilogue or a narration. A
 * folder without the file (a user's own lessons) is not judged.
 */
final class KnownCommits {
    /** 12 to 40 hex digits with at least one letter: all-digit runs are dates and Message-IDs, not commits. */
    private static final Pattern COMMIT = Pattern.compile("\\b(?=[0-9a-f]*[a-f])[0-9a-f]{12,40}\\b");

    static final String FILE = "commits.yaml";

    /** One verified commit: {@code subject} may be {@code null} where no source gives it. */
    record Commit(String id, String subject, String verified) {}

    private final Map<String, Commit> commits;
    private final boolean judged;

    private KnownCommits(Map<String, Commit> commits, boolean judged) {
        this.commits = Map.copyOf(commits);
        this.judged = judged;
    }

    static KnownCommits none() {
        return new KnownCommits(Map.of(), false);
    }

    /** Reads {@code file} if it exists; an entry without id or {@code verified} is an error of the project's file. */
    static KnownCommits load(Path file) throws IOException {
        if (!Files.exists(file)) {
            return none();
        }
        Map<String, Commit> out = new LinkedHashMap<>();
        try {
            Node root = YamlTreeReader.read(BoundedText.read(file, LessonText.MAX_LESSON_BYTES, "commit lists"));
            if (!(root instanceof Node.ListNode list)) {
                throw new IOException(file + ": expected a list of commits");
            }
            for (Node item : list.items()) {
                String id = text(item, "id");
                String verified = text(item, "verified");
                if (id == null || verified == null || !COMMIT.matcher(id).matches()) {
                    throw new IOException(file + ":" + item.line() + ": each commit needs an 'id' (12 to 40 hex"
                            + " digits) and 'verified' (where it was checked)");
                }
                out.put(id, new Commit(id, text(item, "subject"), verified));
            }
        } catch (YamlSyntaxError e) {
            throw new IOException(file + ":" + e.line() + ": " + e.getMessage(), e);
        }
        return new KnownCommits(out, true);
    }

    private static String text(Node n, String key) {
        return n instanceof Node.MapNode m && m.entries().get(key) instanceof Node.ScalarNode s ? s.text() : null;
    }

    /** Reports every commit id in the lesson's texts that is not listed, and epilogue subjects that differ. */
    void check(Node node, Problems problems) {
        if (!judged) {
            return;
        }
        switch (node) {
            case Node.MapNode m -> {
                subject(m, problems);
                m.entries().values().forEach(v -> check(v, problems));
            }
            case Node.ListNode l -> l.items().forEach(i -> check(i, problems));
            case Node.ScalarNode s -> ids(s, problems);
        }
    }

    private void ids(Node.ScalarNode s, Problems problems) {
        if (s.text() == null) {
            return;
        }
        Matcher m = COMMIT.matcher(s.text());
        while (m.find()) {
            if (find(m.group()) == null) {
                problems.at(
                        s,
                        "commit " + m.group() + " is not in sources/" + FILE,
                        "cite only commits verified"
                                + " against the threads or the fact sheet: list it there with where it was verified, or"
                                + " leave it out");
            }
        }
    }

    private void subject(Node.MapNode m, Problems problems) {
        String id = text(m, "commit");
        String subject = text(m, "subject");
        Commit c = id == null ? null : find(id);
        if (c == null || subject == null) {
            return;
        }
        if (c.subject() == null) {
            problems.at(
                    m.entries().get("subject"),
                    "no verified subject is known for commit " + c.id(),
                    "leave 'subject' out, or add it to sources/" + FILE + " with its source");
        } else if (!c.subject().equals(subject)) {
            problems.at(
                    m.entries().get("subject"),
                    "commit " + c.id() + " is \"" + c.subject() + "\"",
                    "use the subject as published (" + c.verified() + ")");
        }
    }

    /** The listed commit {@code id} names, matching on the shorter of the two ids. */
    private Commit find(String id) {
        for (Commit c : commits.values()) {
            if (c.id().startsWith(id) || id.startsWith(c.id())) {
                return c;
            }
        }
        return null;
    }
}
