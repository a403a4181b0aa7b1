package org.diolab.lesson.glossary;

/**
 * Where a glossary term stands in a text: characters {@code [start, end)}, and the entry it names. The app underlines
 * the span and shows the entry on hover or focus.
 */
public record GlossarySpan(int start, int end, GlossaryEntry entry) {
    /** The words of {@code text} this span covers, as written there. */
    public String in(String text) {
        return text.substring(start, end);
    }
}
