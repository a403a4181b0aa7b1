package org.diolab.cli;

import java.util.Arrays;
import java.util.Locale;

/** {@code --format}: text for people, json for scripts. */
enum OutputFormat {
    TEXT,
    JSON;

    static OutputFormat parse(String s) {
        return Arrays.stream(values())
                .filter(f -> f.name().toLowerCase(Locale.ROOT).equals(s))
                .findFirst()
                .orElseThrow(() -> new UserError("unknown format '" + s + "'. Formats: text, json"));
    }
}
