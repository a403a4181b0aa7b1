package org.diolab.lesson;

import java.util.Locale;
import java.util.Map;
import org.diolab.lesson.yaml.Node;

/**
 * Checks on a lesson's text that no parser makes: a file cut short (no final line break), characters nobody can see
 * (zero-width spaces, direction overrides, control characters: they make ids and quotes that look equal differ),
 * and ids with spaces of any kind in them.
 */
final class LessonText {
    /** Lesson files are a few tens of KiB; ten times the biggest bundled one is plenty. */
    static final long MAX_LESSON_BYTES = 256 << 10;
    /** Source threads are mail archives of a few tens of KiB up to a few hundred. */
    static final long MAX_SOURCE_BYTES = 2 << 20;

    private LessonText() {}

    /** Reports the first invisible character (each kind once per line is enough) and a missing final newline. */
    static void check(String text, Problems problems) {
        int line = 1;
        int col = 1;
        int reportedLine = 0;
        for (int i = 0; i < text.length(); ) {
            int cp = text.codePointAt(i);
            if (cp == '\n') {
                line++;
                col = 1;
            } else {
                if (invisible(cp) && reportedLine != line) {
                    problems.at(
                            line,
                            col,
                            "an invisible character " + describe(cp) + " is here: it makes texts that"
                                    + " look equal differ",
                            "delete it");
                    reportedLine = line;
                }
                col++;
            }
            i += Character.charCount(cp);
        }
        if (!text.isEmpty() && !text.endsWith("\n")) {
            problems.at(
                    line,
                    col,
                    "the file ends in the middle of a line: it may have been cut short",
                    "check the end of the file against the original, then end it with a line break");
        }
    }

    /** Every {@code id:} in the tree must be one visible word. */
    static void checkIds(Node node, Problems problems) {
        switch (node) {
            case Node.MapNode m -> {
                for (Map.Entry<String, Node> e : m.entries().entrySet()) {
                    if (e.getKey().equals("id")
                            && e.getValue() instanceof Node.ScalarNode s
                            && s.text() != null
                            && !s.text().isEmpty()
                            && !s.text().codePoints().allMatch(LessonText::visibleWordChar)) {
                        problems.at(
                                s,
                                "id '" + s.text() + "' contains spaces or invisible characters",
                                "write ids as one word of letters, digits, '-', '_' or '.'");
                    }
                    checkIds(e.getValue(), problems);
                }
            }
            case Node.ListNode l -> l.items().forEach(n -> checkIds(n, problems));
            case Node.ScalarNode s -> {}
        }
    }

    private static boolean visibleWordChar(int cp) {
        return !Character.isWhitespace(cp) && !Character.isSpaceChar(cp) && !invisible(cp);
    }

    static boolean invisible(int cp) {
        if (cp == '\t' || cp == '\n' || cp == '\r') {
            return false;
        }
        int type = Character.getType(cp);
        return type == Character.FORMAT
                || type == Character.CONTROL
                || type == Character.PRIVATE_USE
                || type == Character.SURROGATE
                || type == Character.UNASSIGNED;
    }

    private static String describe(int cp) {
        String name = Character.getName(cp);
        return String.format(Locale.ROOT, "U+%04X", cp) + (name == null ? "" : " (" + name + ")");
    }
}
