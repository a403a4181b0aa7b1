package org.diolab.live.kernel.trace.text;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * A trace_marker line of the kernel lab's: {@code dio-lab read-end 17 ret=-5}, i.e. the prefix, a {@link MarkKind},
 * a sequence number (per thread and kind of operation, so a begin and its end share it), then {@code key=value}
 * pairs without spaces. Written by {@code TraceMarker}, read back here.
 */
public record LabMark(MarkKind kind, long seq, Map<String, String> fields) {
    /** Every lab line starts with this, so the lab's lines are told from anyone else's. */
    public static final String PREFIX = "dio-lab ";

    public LabMark {
        fields = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(fields)); // the order they were written
    }

    /** The line's text after the marker event's name, or empty when it is not a lab line. */
    public static Optional<LabMark> parse(String text) {
        if (!text.startsWith(PREFIX)) {
            return Optional.empty();
        }
        String[] words = text.substring(PREFIX.length()).strip().split(" +");
        if (words.length < 2) {
            return Optional.empty();
        }
        Optional<MarkKind> kind = MarkKind.byWord(words[0]);
        long seq = Numbers.parseLong(words[1], Long.MIN_VALUE);
        if (kind.isEmpty() || seq == Long.MIN_VALUE) {
            return Optional.empty();
        }
        Map<String, String> f = new LinkedHashMap<>();
        for (int i = 2; i < words.length; i++) {
            int eq = words[i].indexOf('=');
            if (eq > 0) {
                f.put(words[i].substring(0, eq), words[i].substring(eq + 1));
            }
        }
        return Optional.of(new LabMark(kind.get(), seq, f));
    }

    /** A field as a number, or {@code fallback} when absent or not a number. */
    public long number(String key, long fallback) {
        String v = fields.get(key);
        return v == null ? fallback : Numbers.parseLong(v, fallback);
    }

    /** A field's text, or "". */
    public String text(String key) {
        return fields.getOrDefault(key, "");
    }

    /** The line as the lab writes it (the same text {@link #parse} reads). */
    public String format() {
        StringBuilder b =
                new StringBuilder(PREFIX).append(kind.word()).append(' ').append(seq);
        fields.forEach((k, v) -> b.append(' ').append(k).append('=').append(v));
        return b.toString();
    }
}
