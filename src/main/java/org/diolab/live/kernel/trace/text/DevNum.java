package org.diolab.live.kernel.trace.text;

/**
 * A device number as the kernel's tracepoints hold it: {@code dev_t} with the major in the top 12 bits and the minor
 * in the low 20 ({@code MKDEV}), which is what an event filter's {@code dev == N} compares. Printed "7:0" by iomap and
 * filemap, "7,0" by the block events.
 */
public record DevNum(int major, int minor) {
    private static final int MINOR_BITS = 20;

    public DevNum {
        if (major < 0 || major >= 1 << 12 || minor < 0 || minor >= 1 << MINOR_BITS) {
            throw new IllegalArgumentException("not a device number: " + major + ":" + minor);
        }
    }

    /** "7:0", "7,0" or "259:3" → the device number. */
    public static DevNum parse(String text) {
        int sep = text.indexOf(':') >= 0 ? text.indexOf(':') : text.indexOf(',');
        if (sep <= 0) {
            throw new IllegalArgumentException("not a device number: " + text);
        }
        try {
            return new DevNum(
                    Integer.parseInt(text.substring(0, sep).strip()),
                    Integer.parseInt(text.substring(sep + 1).strip()));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not a device number: " + text, e);
        }
    }

    /** The kernel's encoding, for filters: {@code (major << 20) | minor}. */
    public long kernel() {
        return ((long) major << MINOR_BITS) | minor;
    }

    @Override
    public String toString() {
        return major + ":" + minor;
    }
}
