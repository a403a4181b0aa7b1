package org.diolab.live.job;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Sizes and times written the way fio writes them, so a job reads the same on both tools: sizes are powers of 1024
 * ({@code 4k}, {@code 1m}, {@code 1g}, also {@code 4KiB}, {@code 1MB}: fio's default {@code kb_base=1024} treats both
 * spellings as binary), times are seconds unless suffixed ({@code 500ms}, {@code 10s}, {@code 2m}, {@code 1h},
 * {@code 1d}). A number too big to hold is refused like any other out-of-range value, never an overflow.
 */
public final class FioUnits {
    private static final Pattern SIZE = Pattern.compile("(\\d+)\\s*([kmgtp]?)(i?b)?", Pattern.CASE_INSENSITIVE);
    private static final Pattern TIME = Pattern.compile("(\\d+)\\s*(us|ms|s|m|h|d)?", Pattern.CASE_INSENSITIVE);
    private static final Pattern COUNT = Pattern.compile("[+-]?\\d+");

    private FioUnits() {}

    /** Parses a size such as {@code 4k} or {@code 1g} into bytes. */
    public static long parseSize(String text) {
        Matcher m = SIZE.matcher(text.trim());
        if (!m.matches()) {
            throw LiveRefusal.badOption("cannot read size '" + text + "'; write it like 4096, 4k, 1m or 2g");
        }
        long n = digits(m.group(1));
        int shift = switch (m.group(2).toLowerCase(Locale.ROOT)) {
            case "" -> 0;
            case "k" -> 10;
            case "m" -> 20;
            case "g" -> 30;
            case "t" -> 40;
            default -> 50;
        };
        if (n < 0 || n > (Long.MAX_VALUE >> shift)) {
            throw LiveRefusal.badOption("size '" + text + "' is too large");
        }
        return n << shift;
    }

    /**
     * A size for option {@code what} ({@code --bs}, {@code bs}), refused unless in {@code [min, max]}; the refusal
     * gives the allowed range.
     */
    public static long parseSize(String what, String text, long min, long max) {
        long v;
        try {
            v = parseSize(text);
        } catch (LiveRefusal e) {
            if (!e.getMessage().endsWith("too large")) {
                throw LiveRefusal.badOption(what + ": " + e.getMessage());
            }
            v = Long.MAX_VALUE;
        }
        if (v < min || v > max) {
            throw LiveRefusal.badOption(
                    what + " " + text.trim() + " is out of range; use " + formatSize(min) + " to " + formatSize(max));
        }
        return v;
    }

    /** Parses a time such as {@code 10}, {@code 10s}, {@code 500ms} or {@code 2h}; seconds when unsuffixed. */
    public static Duration parseTime(String text) {
        Matcher m = TIME.matcher(text.trim());
        if (!m.matches()) {
            throw LiveRefusal.badOption("cannot read time '" + text + "'; write it like 10, 10s, 500ms or 2m");
        }
        long n = digits(m.group(1));
        String unit = m.group(2) == null ? "s" : m.group(2).toLowerCase(Locale.ROOT);
        long nanosPerUnit = switch (unit) {
            case "us" -> 1_000L;
            case "ms" -> 1_000_000L;
            case "m" -> 60_000_000_000L;
            case "h" -> 3_600_000_000_000L;
            case "d" -> 86_400_000_000_000L;
            default -> 1_000_000_000L;
        };
        if (n < 0 || n > Long.MAX_VALUE / nanosPerUnit) {
            throw LiveRefusal.badOption("time '" + text + "' is too long");
        }
        return Duration.ofNanos(n * nanosPerUnit);
    }

    /** A time for option {@code what}, refused unless in {@code [min, max]}, with the range in the refusal. */
    public static Duration parseTime(String what, String text, Duration min, Duration max) {
        Duration d;
        try {
            d = parseTime(text);
        } catch (LiveRefusal e) {
            if (!e.getMessage().endsWith("too long")) {
                throw LiveRefusal.badOption(what + ": " + e.getMessage());
            }
            d = null;
        }
        if (d == null || d.compareTo(min) < 0 || d.compareTo(max) > 0) {
            throw LiveRefusal.badOption(
                    what + " " + text.trim() + " is out of range; use " + formatTime(min) + " to " + formatTime(max));
        }
        if (!wholeMillis(d)) {
            throw LiveRefusal.badOption(what + " " + text.trim() + " is not a whole number of milliseconds, which is"
                    + " what DIO Lab counts time in (it would be shown and run as "
                    + formatTime(Duration.ofMillis(d.toMillis())) + "); use " + nearestMillis(d, min, max));
        }
        return d;
    }

    /** True when {@code d} is a whole number of milliseconds: what every time DIO Lab shows and runs is. */
    public static boolean wholeMillis(Duration d) {
        return d.toNanos() % 1_000_000L == 0;
    }

    /** "1ms" or "2ms or 1ms": the whole milliseconds next to {@code d} that lie in {@code [min, max]}. */
    private static String nearestMillis(Duration d, Duration min, Duration max) {
        Duration down = Duration.ofMillis(d.toMillis());
        Duration up = down.plusMillis(1);
        boolean upFits = up.compareTo(max) <= 0;
        boolean downFits = down.compareTo(min) >= 0;
        if (upFits && downFits) {
            return formatTime(up) + " or " + formatTime(down);
        }
        return formatTime(upFits ? up : down);
    }

    /** A whole number for option {@code what}, refused unless in {@code [min, max]}, with the range. */
    public static long parseCount(String what, String text, long min, long max) {
        String t = text.trim();
        if (!COUNT.matcher(t).matches()) {
            throw LiveRefusal.badOption(what + " '" + text + "' is not a whole number; use " + min + " to " + max);
        }
        long v;
        boolean fits = true;
        try {
            v = Long.parseLong(t.startsWith("+") ? t.substring(1) : t);
        } catch (NumberFormatException e) {
            v = 0;
            fits = false; // more digits than a long holds: out of any range
        }
        if (!fits || v < min || v > max) {
            throw LiveRefusal.badOption(what + " " + t + " is out of range; use " + min + " to " + max);
        }
        return v;
    }

    /** Digits as a long, or -1 when there are too many for one. */
    private static long digits(String s) {
        try {
            return Long.parseLong(s);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** Formats a time the way it is typed: {@code 10ms}, {@code 30s}, {@code 5m}, {@code 720h}. */
    public static String formatTime(Duration d) {
        long ms = d.toMillis();
        if (ms % 3_600_000 == 0 && ms > 0) {
            return ms / 3_600_000 + "h";
        }
        if (ms % 60_000 == 0 && ms > 0) {
            return ms / 60_000 + "m";
        }
        if (ms % 1000 == 0) {
            return ms / 1000 + "s";
        }
        return ms + "ms";
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
        return u == 0
                ? String.format(Locale.ROOT, "%.0f %s", v, units[u])
                : String.format(Locale.ROOT, "%.1f %s", v, units[u]);
    }
}
