package org.diolab.live.kernel.trace.text;

/** Numbers as tracepoints print them: decimal, negative decimal, or 0x hex. */
final class Numbers {
    private Numbers() {}

    static long parseLong(String s, long fallback) {
        try {
            if (s.startsWith("0x") || s.startsWith("0X")) {
                return Long.parseUnsignedLong(s.substring(2), 16);
            }
            return Long.parseLong(s);
        } catch (NumberFormatException e) {
            return fallback;
        }
    }

    static int parseInt(String s, int fallback) {
        long v = parseLong(s, fallback);
        return v < Integer.MIN_VALUE || v > Integer.MAX_VALUE ? fallback : (int) v;
    }
}
