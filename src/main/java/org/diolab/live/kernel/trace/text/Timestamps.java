package org.diolab.live.kernel.trace.text;

/** ftrace's timestamps: seconds with six (or, on some clocks, nine or no) decimals, as nanoseconds. */
public final class Timestamps {
    private Timestamps() {}

    /** "640.052450" → 640052450000; "640.052450123" → 640052450123; "123456" (counter clocks) → 123456. */
    public static long parse(String s) {
        int dot = s.indexOf('.');
        if (dot < 0) {
            return Long.parseLong(s);
        }
        long secs = Long.parseLong(s.substring(0, dot));
        String frac = s.substring(dot + 1);
        if (frac.isEmpty() || frac.length() > 9) {
            throw new NumberFormatException("not a trace timestamp: " + s);
        }
        long f = Long.parseLong(frac);
        for (int i = frac.length(); i < 9; i++) {
            f *= 10;
        }
        return secs * 1_000_000_000L + f;
    }

    /** Nanoseconds → "640.052450" (microseconds, as the trace file prints them). */
    public static String format(long nanos) {
        long micros = Math.floorDiv(nanos, 1000);
        return String.format("%d.%06d", Math.floorDiv(micros, 1_000_000), Math.floorMod(micros, 1_000_000));
    }
}
