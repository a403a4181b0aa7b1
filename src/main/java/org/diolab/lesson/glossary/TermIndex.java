package org.diolab.lesson.glossary;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Finds glossary names in running text in one pass: a trie of every name, walked from each word start, keeping the
 * longest name that ends at a word boundary.
 *
 * <p>Case: a name written like an identifier or an acronym (with {@code _}, {@code ::}, {@code ->} or a capital
 * letter: {@code bi_iter}, {@code DMA}, {@code O_DIRECT}) matches only as written; a plain lower-case name
 * ({@code writeback}, {@code page cache}, {@code ext4}) matches whatever the case ("Writeback starts", "EXT4"). A
 * plain name also matches with a plural {@code s} ({@code bios}, {@code DMAs}); a run of spaces or a line break in the
 * text matches one space of a name; a {@code ()} written after a function's name belongs to its span; the extension
 * of a file name in capitals is not a word ({@code FACTS.md} names no md). A name with a space in it may start with a
 * capital, as at the start of a sentence ("Direct I/O").
 *
 * <p>Compounds: words joined by {@code -} or {@code /} ({@code raid1-mirrors-diverge}, {@code two-leg},
 * {@code fs/btrfs/inode.c}) are one word, an id or a path, not prose: a name is found inside one only if it is the
 * whole of it ({@code page-cache}, {@code end-io}), the compound is a step label the glossary explains
 * ({@code build-bio}), or the name is written as only the kernel's name is, an identifier or an acronym matched by
 * its case or written in capitals ({@code bi_iter}, {@code DMA-pinned}, {@code XFS/EXT4}).
 */
final class TermIndex {
    /** A trie node: its children by lower-case character (few, so a linear scan beats hashing), its keys. */
    private static final class Node {
        char[] chars = new char[0];
        Node[] kids = new Node[0];
        final List<Key> keys = new ArrayList<>(1);

        Node get(char c) {
            for (int i = 0; i < chars.length; i++) {
                if (chars[i] == c) {
                    return kids[i];
                }
            }
            return null;
        }

        Node getOrAdd(char c) {
            Node n = get(c);
            if (n == null) {
                n = new Node();
                chars = Arrays.copyOf(chars, chars.length + 1);
                kids = Arrays.copyOf(kids, kids.length + 1);
                chars[chars.length - 1] = c;
                kids[kids.length - 1] = n;
            }
            return n;
        }
    }

    /** A name as written, whether its case must match, and the entry it names. */
    record Key(String written, boolean exactCase, GlossaryEntry entry) {}

    private final Node root = new Node();
    /** Step labels written as compounds ({@code build-bio}), by label: found as a whole in a spelled schedule. */
    private final java.util.Map<String, GlossaryEntry> compoundSteps = new java.util.HashMap<>();

    /** Adds {@code name} of {@code entry} (and its plural, for a plain name). */
    void add(String name, GlossaryEntry entry) {
        String key = matchable(name);
        insert(key, entry);
        if (pluralizable(key)) {
            insert(key + "s", entry);
        }
    }

    /** A lane's step label: found as one compound where it is written whole ({@code app.build-bio}). */
    void addStep(String label, GlossaryEntry entry) {
        if (label.indexOf('-') > 0 || label.indexOf('/') > 0) {
            compoundSteps.putIfAbsent(label, entry);
        }
    }

    private void insert(String key, GlossaryEntry entry) {
        Node n = root;
        for (int i = 0; i < key.length(); i++) {
            n = n.getOrAdd(Character.toLowerCase(key.charAt(i)));
        }
        n.keys.add(new Key(key, exactCase(key), entry));
    }

    /** Every name found in {@code text}, left to right, never overlapping. */
    List<GlossarySpan> find(String text) {
        List<GlossarySpan> out = new ArrayList<>();
        int i = 0;
        while (i < text.length()) {
            if (!wordChar(text.charAt(i)) || (i > 0 && wordChar(text.charAt(i - 1))) || extension(text, i)) {
                i++;
                continue;
            }
            boolean inside = jointAt(text, i - 1);
            int[] end = new int[1];
            Key k = longest(text, i, end, inside);
            if (k == null) {
                int whole = inside ? i : compoundEnd(text, i);
                GlossaryEntry step = whole > i ? compoundSteps.get(text.substring(i, whole)) : null;
                if (step != null) {
                    out.add(new GlossarySpan(i, whole, step));
                    i = whole;
                } else {
                    i++;
                }
                continue;
            }
            int stop = end[0];
            if (text.startsWith("()", stop)) {
                stop += 2;
            }
            out.add(new GlossarySpan(i, stop, k.entry()));
            i = stop;
        }
        return out;
    }

    /** Whether {@code text[at]} joins two words into one compound: a {@code -} or {@code /} between word characters. */
    private static boolean jointAt(String text, int at) {
        return at > 0
                && at + 1 < text.length()
                && (text.charAt(at) == '-' || text.charAt(at) == '/')
                && wordChar(text.charAt(at - 1))
                && wordChar(text.charAt(at + 1));
    }

    /** The end of the compound starting at {@code from}, or of its one word when nothing joins it to another. */
    private static int compoundEnd(String text, int from) {
        int j = from;
        while (j < text.length() && (wordChar(text.charAt(j)) || jointAt(text, j))) {
            j++;
        }
        return j;
    }

    /** The entry named by all of {@code text} (surrounding spaces and a final {@code ()} aside), if any. */
    Optional<GlossaryEntry> whole(String text) {
        String t = matchable(text.strip());
        int[] end = new int[1];
        Key k = t.isEmpty() ? null : longest(t, 0, end, false);
        return k != null && end[0] == t.length() ? Optional.of(k.entry()) : Optional.empty();
    }

    /**
     * The longest key starting at {@code from} that ends at a word boundary; its end goes into {@code end[0]}. Where
     * the text goes on or began as a compound ({@code inside}), only the whole compound, an identifier or an acronym.
     */
    private Key longest(String text, int from, int[] end, boolean inside) {
        Node n = root;
        Key best = null;
        int j = from;
        while (j < text.length()) {
            char c = text.charAt(j);
            int step = 1;
            if (Character.isWhitespace(c)) {
                c = ' ';
                while (j + step < text.length() && Character.isWhitespace(text.charAt(j + step))) {
                    step++;
                }
            }
            n = n.get(Character.toLowerCase(c));
            if (n == null) {
                break;
            }
            j += step;
            if (!n.keys.isEmpty() && (j == text.length() || !wordChar(text.charAt(j)))) {
                boolean inCompound = (inside || jointAt(text, j)) && !acronym(text, from, j);
                for (Key k : n.keys) {
                    if ((!inCompound || k.exactCase()) && (!k.exactCase() || sameCase(text, from, j, k.written()))) {
                        best = k;
                        end[0] = j;
                        break;
                    }
                }
            }
        }
        return best;
    }

    /** Whether {@code text[from, to)} is {@code written} letter for letter, runs of spaces counting as one. */
    private static boolean sameCase(String text, int from, int to, String written) {
        int w = 0;
        int i = from;
        while (i < to && w < written.length()) {
            char c = text.charAt(i);
            if (Character.isWhitespace(c)) {
                if (written.charAt(w) != ' ') {
                    return false;
                }
                while (i < to && Character.isWhitespace(text.charAt(i))) {
                    i++;
                }
                w++;
                continue;
            }
            boolean phraseStart = w == 0 && written.indexOf(' ') > 0 && Character.isLowerCase(written.charAt(0));
            if (c != written.charAt(w) && !(phraseStart && Character.toLowerCase(c) == written.charAt(0))) {
                return false;
            }
            i++;
            w++;
        }
        return i == to && w == written.length();
    }

    /** The name as it is looked for: spaces as one, without a final {@code ()}. */
    static String matchable(String name) {
        String n = name.strip().replaceAll("\\s+", " ");
        return n.endsWith("()") ? n.substring(0, n.length() - 2) : n;
    }

    /** Identifier-like or an acronym: its case must match. */
    static boolean exactCase(String key) {
        return key.contains("_")
                || key.contains("::")
                || key.contains("->")
                || !key.equals(key.toLowerCase(Locale.ROOT));
    }

    /** Whether {@code text[from, to)} is written as an acronym ({@code EXT4}, {@code XFS}): capitals and digits. */
    private static boolean acronym(String text, int from, int to) {
        if (to - from < 2 || !Character.isUpperCase(text.charAt(from))) {
            return false;
        }
        for (int i = from; i < to; i++) {
            char c = text.charAt(i);
            if (!Character.isUpperCase(c) && !Character.isDigit(c)) {
                return false;
            }
        }
        return true;
    }

    /** Plain names ending in a letter take a plural s; identifiers do not. */
    static boolean pluralizable(String key) {
        char last = key.charAt(key.length() - 1);
        return Character.isLetter(last)
                && !key.endsWith("s")
                && !key.contains("_")
                && !key.contains("::")
                && !key.contains("->");
    }

    /** Just after "FACTS." or "README.": the extension of a file name written in capitals, not a word. */
    private static boolean extension(String text, int at) {
        return at >= 2 && text.charAt(at - 1) == '.' && Character.isUpperCase(text.charAt(at - 2));
    }

    static boolean wordChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_';
    }
}
