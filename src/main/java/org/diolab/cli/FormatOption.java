package org.diolab.cli;

import java.util.function.UnaryOperator;
import picocli.CommandLine.Option;

/**
 * {@code --format text|json}, the one declaration of it for every command that prints for people and for scripts.
 * The value is checked when the command reads it, at the point its other input is checked, so each command refuses a
 * bad format in its own order and words.
 */
final class FormatOption {
    @Option(names = "--format", paramLabel = "FMT", defaultValue = "text", description = "text or json")
    String format = "text";

    /** What an unknown format is refused with. */
    private final UnaryOperator<String> refusal;

    /**
     * The lab and bench commands' words ("--format must be text or json, not 'xml'"), like their other option
     * refusals ("--size must be …").
     */
    FormatOption() {
        this(s -> "--format must be text or json, not '" + s + "'");
    }

    private FormatOption(UnaryOperator<String> refusal) {
        this.refusal = refusal;
    }

    /**
     * The lesson commands' words ("unknown format 'xml'. Formats: text, json"), like their other lists of choices
     * ("unknown reduction 'x'. Reductions: …").
     */
    static FormatOption listingFormats() {
        return new FormatOption(s -> "unknown format '" + s + "'. Formats: text, json");
    }

    /** The format asked for; a {@link UserError} in this option's words for any other. */
    OutputFormat value() {
        return OutputFormat.of(format).orElseThrow(() -> new UserError(refusal.apply(format)));
    }

    boolean json() {
        return value() == OutputFormat.JSON;
    }
}
