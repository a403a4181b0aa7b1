package org.diolab.lesson.glossary;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.diolab.lesson.Problem;
import org.diolab.lesson.Problems;
import org.diolab.lesson.Suggest;
import org.diolab.lesson.yaml.Node;
import org.diolab.lesson.yaml.YamlSyntaxError;
import org.diolab.lesson.yaml.YamlTreeReader;

/**
 * Reads {@code glossary.yaml}: a list of entries {@code {term, aliases?, says, source, see?, steps?}}, each problem
 * reported at its {@code file:line:column} as lessons are. An entry must say what it is in at most two sentences,
 * cite at least one source (a kernel tree path such as {@code include/linux/bvec.h} or
 * {@code Documentation/block/biovecs.rst}, a seed thread of {@code sources/}, or an {@code https://} page), and
 * share no name with another entry.
 */
final class GlossaryParser {
    /** The glossary is a few tens of KiB. */
    static final long MAX_BYTES = 512 << 10;

    private static final Set<String> KEYS = Set.of("term", "aliases", "says", "source", "see", "steps");
    private static final Pattern KERNEL_PATH = Pattern.compile(
            "(Documentation|include|fs|mm|block|drivers|lib|kernel|io_uring|crypto|arch)/[A-Za-z0-9_./+-]+");
    private static final Pattern LABEL = Pattern.compile("[a-z][a-z0-9-]*");
    /** A sentence ends at . ! or ? before a space and a capital (not after e.g., i.e., etc.). */
    private static final Pattern SENTENCE_END =
            Pattern.compile("(?<!\\be\\.g|\\bi\\.e|\\betc|\\bvs)[.!?]\\s+(?=[A-Z(\"'])");

    private final Problems problems;
    private final Set<String> seeds;

    GlossaryParser(String file, Set<String> seeds) {
        this.problems = new Problems(file);
        this.seeds = seeds;
    }

    List<Problem> problems() {
        return problems.all();
    }

    List<GlossaryEntry> parse(String text) {
        Node root;
        try {
            root = YamlTreeReader.read(text);
        } catch (YamlSyntaxError e) {
            problems.at(e.line(), e.column(), e.getMessage(), e.hint());
            return List.of();
        }
        if (!(root instanceof Node.ListNode list)) {
            problems.at(
                    root, "a glossary is a list of entries, found " + root.kind(), "start each entry with '- term:'");
            return List.of();
        }
        List<GlossaryEntry> out = new ArrayList<>();
        Map<String, Owner> owner = new HashMap<>(); // name as matched → the entry that has it
        Map<GlossaryEntry, Node> seeNodes = new HashMap<>();
        for (Node item : list.items()) {
            GlossaryEntry e = entry(item, owner);
            if (e != null) {
                out.add(e);
                seeNodes.put(e, ((Node.MapNode) item).entries().get("see"));
            }
        }
        Set<String> headwords = new LinkedHashSet<>();
        out.forEach(e -> headwords.add(e.term()));
        for (GlossaryEntry e : out) {
            for (String s : e.see()) {
                if (!headwords.contains(s)) {
                    problems.at(
                            position(seeNodes.get(e), s),
                            "'see' names '" + s + "', which is no entry's term",
                            Suggest.hint(s, headwords));
                }
            }
        }
        return out;
    }

    /** Who has a name; {@code plural} when only as the plural of one of its names. */
    private record Owner(String term, boolean plural) {}

    private GlossaryEntry entry(Node item, Map<String, Owner> owner) {
        if (!(item instanceof Node.MapNode m)) {
            problems.at(
                    item, "a glossary entry must be a mapping (term, says, source, ...), found " + item.kind(), null);
            return null;
        }
        int before = problems.all().size();
        for (String key : m.entries().keySet()) {
            if (!KEYS.contains(key)) {
                int[] p = m.positionOf(key);
                problems.at(p[0], p[1], "unknown key '" + key + "' in a glossary entry", Suggest.hint(key, KEYS));
            }
        }
        String term = text(m, "term", true);
        String says = text(m, "says", true);
        List<Node> aliases = texts(m, "aliases");
        List<Node> sources = texts(m, "source");
        List<Node> see = texts(m, "see");
        List<Node> steps = texts(m, "steps");
        if (says != null) {
            definition(m.entries().get("says"), says);
        }
        if (m.entries().containsKey("term") && sources.isEmpty()) {
            int[] p = m.positionOf("source");
            problems.at(
                    p[0],
                    p[1],
                    "the entry '" + term + "' cites no source",
                    "add 'source:' with the kernel file or document it comes from");
        }
        sources.forEach(this::source);
        for (Node s : steps) {
            String label = scalar(s);
            if (!LABEL.matcher(label).matches()) {
                problems.at(s, "'" + label + "' is not a step label", "step labels are kebab-case, e.g. end-io, dma");
            }
        }
        if (term != null) {
            name(m.entries().get("term"), term, term, owner);
        }
        for (Node a : aliases) {
            if (term != null) {
                name(a, scalar(a), term, owner);
            }
        }
        if (term == null || says == null || problems.all().size() > before) {
            return null;
        }
        return new GlossaryEntry(
                term,
                aliases.stream().map(GlossaryParser::scalar).toList(),
                says.strip(),
                sources.stream().map(GlossaryParser::scalar).toList(),
                see.stream().map(GlossaryParser::scalar).toList(),
                steps.stream().map(GlossaryParser::scalar).toList(),
                item.line());
    }

    /** A name must be findable (word characters at both ends) and belong to one entry only. */
    private void name(Node at, String name, String term, Map<String, Owner> owner) {
        String key = TermIndex.matchable(name);
        if (key.isEmpty() || !TermIndex.wordChar(key.charAt(0)) || !TermIndex.wordChar(key.charAt(key.length() - 1))) {
            problems.at(
                    at,
                    "'" + name + "' must begin and end with a letter, digit or _ to be found in a text",
                    "write the name without the punctuation around it");
            return;
        }
        String norm = TermIndex.exactCase(key) ? key : key.toLowerCase(Locale.ROOT);
        Owner before = owner.get(norm);
        if (before != null && !(before.plural() && before.term().equals(term))) {
            problems.at(
                    at,
                    before.term().equals(term)
                            ? "'" + name + "' is named twice in the entry '" + term + "'"
                            : "'" + name + "' is already a name of the entry '" + before.term() + "'",
                    "a name can stand for one entry only");
            return;
        }
        owner.put(norm, new Owner(term, false));
        if (TermIndex.pluralizable(norm)) {
            Owner plural = owner.putIfAbsent(norm + "s", new Owner(term, true));
            if (plural != null && !plural.term().equals(term)) {
                problems.at(
                        at,
                        "the plural of '" + name + "' is already a name of the entry '" + plural.term() + "'",
                        "a name can stand for one entry only");
            }
        }
    }

    private void definition(Node at, String says) {
        String s = says.strip();
        if (s.isEmpty()) {
            problems.at(at, "'says' is empty", "say what it is in one or two sentences");
            return;
        }
        int sentences = SENTENCE_END.split(s).length;
        if (sentences > 2) {
            problems.at(
                    at, "'says' has " + sentences + " sentences", "one or two sentences: a glossary entry is short");
        }
    }

    private void source(Node at) {
        String s = scalar(at);
        boolean ok = KERNEL_PATH.matcher(s).matches()
                || s.startsWith("https://")
                || (s.endsWith(".txt") && (seeds == null || seeds.contains(s)));
        if (!ok) {
            problems.at(
                    at,
                    s.endsWith(".txt")
                            ? "seed thread '" + s + "' is not in sources/"
                            : "'" + s + "' is not a kernel tree path, a seed thread or an https:// page",
                    s.endsWith(".txt") ? Suggest.hint(s, seeds) : "e.g. include/linux/blk_types.h");
        }
    }

    private String text(Node.MapNode m, String key, boolean required) {
        Node n = m.entries().get(key);
        if (n == null) {
            if (required) {
                int[] p = m.positionOf(key);
                problems.at(p[0], p[1], "a glossary entry is missing '" + key + "'", "add '" + key + ":' to it");
            }
            return null;
        }
        if (n instanceof Node.ScalarNode s && s.text() != null) {
            return s.text();
        }
        problems.at(n, "'" + key + "' must be a text, found " + n.kind(), null);
        return null;
    }

    /** A list of texts (one text is a list of one); bad items are reported and left out. */
    private List<Node> texts(Node.MapNode m, String key) {
        Node n = m.entries().get(key);
        if (n == null) {
            return List.of();
        }
        List<Node> items = n instanceof Node.ListNode l ? l.items() : List.of(n);
        List<Node> out = new ArrayList<>();
        for (Node i : items) {
            if (i instanceof Node.ScalarNode s && s.text() != null && !s.text().isBlank()) {
                out.add(i);
            } else {
                problems.at(i, "'" + key + "' must be a list of texts, found " + i.kind(), null);
            }
        }
        return out;
    }

    private static String scalar(Node n) {
        return ((Node.ScalarNode) n).text().strip();
    }

    private static Node position(Node list, String item) {
        if (list instanceof Node.ListNode l) {
            for (Node i : l.items()) {
                if (i instanceof Node.ScalarNode s && item.equals(s.text())) {
                    return i;
                }
            }
        }
        return list;
    }
}
