package org.diolab.cli;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/** {@code --format} ({@link FormatOption}): text for people, json for scripts. */
enum OutputFormat {
    TEXT,
    JSON;

    /** The format spelled {@code s} ("text", "json"), if it is one. */
    static Optional<OutputFormat> of(String s) {
        return Arrays.stream(values())
                .filter(f -> f.name().toLowerCase(Locale.ROOT).equals(s))
                .findFirst();
    }
}
