package org.diolab.live.kernel.scenario;

/**
 * One number or fact a verdict rests on: a key for JSON and tests ({@code eio_with_scribbler}), a label for people
 * ("EIO, buffer changing"), and the value (a Long, Double, Boolean or String) as measured.
 */
public record Measure(String key, String label, Object value) {
    public Measure {
        if (!key.matches("[a-z0-9_]+")) {
            throw new IllegalArgumentException("measure key must be snake_case: " + key);
        }
        if (!(value instanceof Long
                || value instanceof Double
                || value instanceof Boolean
                || value instanceof String)) {
            throw new IllegalArgumentException("measure " + key + " must be a Long, Double, Boolean or String");
        }
    }

    /** The value as text for people: whole numbers with thousands separators, small decimals (ratios) to two places. */
    public String display() {
        return switch (value) {
            case Long l -> String.format(java.util.Locale.ROOT, "%,d", l);
            case Double d -> String.format(java.util.Locale.ROOT, Math.abs(d) < 10 ? "%.2f" : "%,.1f", d);
            default -> value.toString();
        };
    }
}
