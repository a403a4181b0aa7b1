package org.diolab.live.kernel.trace.meaning;

import org.diolab.live.kernel.trace.text.LabMark;
import org.diolab.live.kernel.trace.text.MarkKind;

/**
 * One read or write a lab thread made, from its begin marker to its end marker.
 *
 * @param column    the thread's column
 * @param seq       the number the thread gave it (begin and end share it)
 * @param offset    file offset, bytes ({@code off=}); -1 when not said
 * @param length    bytes asked for ({@code len=}); -1 when not said
 * @param file      the lab's tag for the file ({@code file=datasum}); "" when not said
 * @param ret       what the call returned: bytes, or a negative errno
 */
public record Operation(
        Column column,
        boolean write,
        long seq,
        long offset,
        long length,
        String file,
        long beginNanos,
        long endNanos,
        long beginOrder,
        long endOrder,
        long ret) {
    /** From a thread's begin and end markers. */
    static Operation of(Column column, LabMark begin, LabMark end, Moment b, Moment e) {
        return new Operation(
                column,
                begin.kind() == MarkKind.WRITE_BEGIN,
                begin.seq(),
                begin.number("off", -1),
                begin.number("len", -1),
                begin.text("file"),
                b.nanos(),
                e.nanos(),
                b.order(),
                e.order(),
                end.number("ret", Long.MIN_VALUE));
    }

    public long durationNanos() {
        return endNanos - beginNanos;
    }

    /** "read 65536 B at 1048576 of datasum → EIO". */
    public String describe() {
        return (write ? "write " : "read ") + (length < 0 ? "" : length + " B ") + (offset < 0 ? "" : "at " + offset)
                + (file.isEmpty() ? "" : " of " + file) + " → " + result();
    }

    /** "EIO", "EAGAIN", "65536 bytes", "no result" when the end marker did not say. */
    public String result() {
        return ret == Long.MIN_VALUE ? "no result" : Errno.describe(ret);
    }

    /** True when it moved fewer bytes than asked but did not fail. */
    public boolean isShort() {
        return ret >= 0 && length > 0 && ret < length;
    }

    /** True when [offset, offset+length) covers {@code at}. */
    public boolean covers(long at) {
        return offset >= 0 && length > 0 && at >= offset && at < offset + length;
    }
}
