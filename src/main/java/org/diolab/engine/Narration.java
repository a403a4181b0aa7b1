package org.diolab.engine;

import org.jspecify.annotations.Nullable;

/**
 * What a learner reads at a step: the explanation, and the words of the source thread that back it.
 *
 * @param quote   verbatim from {@code source}, or {@code null} when the step needs no citation
 * @param source  file name of the seed thread under {@code lessons/sources/}
 * @param speaker who wrote the quoted words in the thread
 */
public record Narration(
        String text,
        @Nullable String quote,
        @Nullable String source,
        @Nullable String speaker) {
    public static Narration plain(String text) {
        return new Narration(text, null, null, null);
    }

    public boolean hasQuote() {
        return quote != null && !quote.isBlank();
    }
}
