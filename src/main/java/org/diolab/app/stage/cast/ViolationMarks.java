package org.diolab.app.stage.cast;

/**
 * The short mark a broken invariant puts on the objects it names ("≠ legs differ"): the cast sizes cards for it, each
 * frame shows it.
 */
public final class ViolationMarks {
    private ViolationMarks() {}

    public static String of(String invariant) {
        return switch (invariant) {
            case "mirrors-agree" -> "≠ legs differ";
            case "checksum-matches" -> "✗ checksum mismatch";
            case "no-false-checksum-error" -> "✗ false checksum error";
            default -> "✗ " + invariant;
        };
    }
}
