package org.diolab.live;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Sizes and times written the way fio writes them, so a job reads the same on both tools: sizes are powers of 1024
 * ({@code 4k}, {@code 1m}, {@code 1g}, also {@code 4KiB}, {@code 1MB}: fio's default {@code kb_base=1024} treats both
 * spellings as binary), times are seconds unless suffixed ({@code 500ms}, {@code 10s}, {@code 2m}, {@code 1h}).
 */
public final class FioUnits {
    private static final Pattern SIZE = Pattern.compile("(\\d+)\\s*([kmgtp]?)(i?b)?", Pattern.CASE_INSENSITIVE);
    private static final Pattern TIME = Pattern.compile("(\\d+)\\s*(us|ms|s|m|h)?", Pattern.CASE_INSENSITIVE);

    private FioUnits() {
    }

    /** Parses a size such as {@code 4k} or {@code 1g} into bytes. */
    public static long parseSize(String text) {
        Matcher m = SIZE.matcher(text.trim());
        if (!m.matches()) {
            throw LiveRefusal.badOption("cannot read size '" + text + "'; write it like 4096, 4k, 1m or 2g");
        }
        long n = Long.parseLong(m.group(1));
        int shift = switch (m.group(2).toLowerCase(Locale.ROOT)) {
            case "" -> 0;
            case "k" -> 10;
            case "m" -> 20;
            case "g" -> 30;
            case "t" -> 40;
            default -> 50;
        };
        if (n > (Long.MAX_VALUE >> shift)) {
            throw LiveRefusal.badOption("size '" + text + "' is too large");
        }
        return n << shift;
    }

    /** Parses a time such as {@code 10}, {@code 10s} or {@code 500ms}. */
    public static Duration parseTime(String text) {
        Matcher m = TIME.matcher(text.trim());
        if (!m.matches()) {
            throw LiveRefusal.badOption("cannot read time '" + text + "'; write it like 10, 10s, 500ms or 2m");
        }
        long n = Long.parseLong(m.group(1));
        String unit = m.group(2) == null ? "s" : m.group(2).toLowerCase(Locale.ROOT);
        return switch (unit) {
            case "us" -> Duration.ofNanos(n * 1000);
            case "ms" -> Duration.ofMillis(n);
            case "m" -> Duration.ofMinutes(n);
            case "h" -> Duration.ofHours(n);
            default -> Duration.ofSeconds(n);
        };
    }

    /** Formats bytes the short way fio's job options do: the largest unit that divides exactly ({@code 64k}). */
    public static String formatSize(long bytes) {
        String[] units = {"", "k", "m", "g", "t", "p"};
        int u = 0;
        long v = bytes;
        while (u < units.length - 1 && v != 0 && v % 1024 == 0) {
            v /= 1024;
            u++;
        }
        return v + units[u];
    }

    /** Formats bytes for people: {@code 1.5 GiB}. */
    public static String humanBytes(double bytes) {
        String[] units = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};
        int u = 0;
        double v = bytes;
        while (u < units.length - 1 && Math.abs(v) >= 1024) {
            v /= 1024;
            u++;
        }
        return u == 0 ? String.format(Locale.ROOT, "%.0f %s", v, units[u])
                : String.format(Locale.ROOT, "%.1f %s", v, units[u]);
    }
}
