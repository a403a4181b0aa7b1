package org.diolab.lesson;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Who wrote what in a mail thread: each message's author and its own words, told apart from the lines it quotes.
 * A quote is a speaker's words only if it lies inside that speaker's own text, never merely somewhere in the file.
 *
 * <p>Messages start at a line {@code [Name]} (the archive format of the seeds) or, where there are none, at each
 * {@code From: Name} (a mail header, or the author line a stable patch carries inside its body). Lines starting with
 * {@code >} are quoted text. Inside a patch's diff, added lines are the author's, but removed and context lines are
 * code somebody else wrote before: a quote of those must name that code's commit, not the mail's author. Authors are
 * named as in the thread; {@link #ALIASES} maps short names to full ones.
 */
final class ThreadAuthors {
    /** Names some messages are signed with, and the full name lessons use. */
    static final Map<String, String> ALIASES = Map.of("hch", "Christoph Hellwig");

    private static final Pattern HEADER = Pattern.compile("^\\[([^\\]]+)\\]\\s*$");
    private static final Pattern FROM = Pattern.compile("From:\\s+");
    private static final Pattern NAME_WORD = Pattern.compile("[A-Z][\\p{L}'.-]*");
    private static final Pattern COMMENT_LEAD = Pattern.compile("^\\s*(\\*(?!/)|//)\\s?");

    /** Author → own text (whitespace collapsed), in thread order; an author with several messages has them joined. */
    private final Map<String, List<String>> own = new LinkedHashMap<>();

    private final Map<String, List<String>> quoted = new LinkedHashMap<>();
    private final Map<String, List<String>> code = new LinkedHashMap<>();

    private ThreadAuthors() {}

    static ThreadAuthors of(String text) {
        ThreadAuthors t = new ThreadAuthors();
        List<String> lines = text.lines().toList();
        if (lines.stream().anyMatch(l -> HEADER.matcher(l).matches())) {
            t.byHeaders(lines);
        } else {
            t.byFromLines(text);
        }
        return t;
    }

    private void byHeaders(List<String> lines) {
        String author = null;
        Parts parts = new Parts();
        for (String line : lines) {
            Matcher m = HEADER.matcher(line);
            if (m.matches()) {
                flush(author, parts);
                author = canonical(m.group(1));
                parts = new Parts();
                continue;
            }
            parts.add(line);
        }
        flush(author, parts);
    }

    /** One message's lines sorted into its author's own words, what it quotes, and code others wrote. */
    private static final class Parts {
        final StringBuilder mine = new StringBuilder();
        final StringBuilder theirs = new StringBuilder();
        final StringBuilder code = new StringBuilder();
        private boolean inDiff;

        void add(String line) {
            if (line.startsWith("diff --git ") || line.startsWith("@@ ")) {
                inDiff = true;
            } else if (inDiff && line.equals("-- ")) {
                inDiff = false; // the signature after the patch
            }
            boolean existingCode = inDiff && (line.startsWith(" ") || line.startsWith("-") && !line.startsWith("---"));
            boolean added = inDiff && line.startsWith("+") && !line.startsWith("+++");
            StringBuilder to = line.stripLeading().startsWith(">") ? theirs : existingCode ? code : mine;
            // in a diff, drop the +/-/space marker and a comment's leading '*' or '//', so that a comment spanning
            // lines reads as the sentence it is
            String body = existingCode || added
                    ? COMMENT_LEAD.matcher(line.substring(1)).replaceFirst("")
                    : line;
            to.append(body).append('\n');
        }
    }

    /** Without headers: each {@code From: Name} starts the text of that name, up to the next one. */
    private void byFromLines(String text) {
        Matcher m = FROM.matcher(text);
        List<int[]> starts = new ArrayList<>();
        List<String> names = new ArrayList<>();
        while (m.find()) {
            String name = nameAt(text, m.end());
            if (name != null) {
                starts.add(new int[] {m.start(), m.end()});
                names.add(name);
            }
        }
        for (int i = 0; i < starts.size(); i++) {
            int end = i + 1 < starts.size() ? starts.get(i + 1)[0] : text.length();
            Parts parts = new Parts();
            text.substring(starts.get(i)[1], end).lines().forEach(parts::add);
            flush(names.get(i), parts);
        }
    }

    /** The capitalised words after {@code From:}, up to four: "Qu Wenruo", "Greg Kroah-Hartman". */
    private static String nameAt(String text, int from) {
        List<String> words = new ArrayList<>();
        for (String token :
                text.substring(from, Math.min(text.length(), from + 120)).split("\\s+")) {
            if (words.size() == 4 || !NAME_WORD.matcher(token).matches()) {
                break;
            }
            words.add(token);
        }
        return words.isEmpty() ? null : canonical(String.join(" ", words));
    }

    private void flush(String author, Parts parts) {
        if (author != null) {
            own.computeIfAbsent(author, k -> new ArrayList<>()).add(SourceTexts.normalize(parts.mine.toString()));
            quoted.computeIfAbsent(author, k -> new ArrayList<>())
                    .add(SourceTexts.normalize(parts.theirs.toString().replaceAll("(?m)^\\s*(>\\s?)+", "")));
            code.computeIfAbsent(author, k -> new ArrayList<>()).add(SourceTexts.normalize(parts.code.toString()));
        }
    }

    /** A name as lessons compare it: aliases resolved, a note in parentheses after it dropped. */
    static String canonical(String name) {
        String n = name.contains(" (") ? name.substring(0, name.indexOf(" (")) : name;
        return ALIASES.getOrDefault(n.trim(), n.trim());
    }

    /** Everyone who wrote a message in the thread. */
    Set<String> authors() {
        return own.keySet();
    }

    /** The authors in whose own words (not what they quote) {@code quote} appears. */
    Set<String> writersOf(String quote) {
        return matching(own, quote);
    }

    /** The authors whose patches carry {@code quote} in code they remove or keep (written by somebody before). */
    Set<String> carriersOf(String quote) {
        return matching(code, quote);
    }

    /** Whether {@code quote} is anybody's words, code or quotation in the thread. */
    boolean anywhere(String quote) {
        return !writersOf(quote).isEmpty()
                || !carriersOf(quote).isEmpty()
                || !quotersOf(quote).isEmpty();
    }

    /** The authors whose messages quote {@code quote} from someone else. */
    Set<String> quotersOf(String quote) {
        return matching(quoted, quote);
    }

    private static Set<String> matching(Map<String, List<String>> texts, String quote) {
        String q = SourceTexts.normalize(quote);
        Set<String> out = new LinkedHashSet<>();
        texts.forEach((author, parts) -> {
            if (parts.stream().anyMatch(p -> p.contains(q))) {
                out.add(author);
            }
        });
        return out;
    }
}
