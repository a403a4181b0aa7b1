package org.diolab.live.kernel.trace;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.diolab.live.kernel.trace.text.LabMark;
import org.diolab.live.kernel.trace.text.MarkKind;

/**
 * {@link Marker} on a trace_marker descriptor of its own: each line is encoded into a reused direct buffer (ASCII,
 * no allocation) and written with one write(2), which tracefs turns into one event (trace_marker takes no pwrite, so
 * each thread has its own channel rather than sharing one behind its position lock). About a microsecond a line on
 * this machine; see the report for the measurement.
 */
public final class TraceMarker implements Marker {
    private static final byte[] PREFIX = LabMark.PREFIX.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    private final FileChannel ch;
    private final ByteBuffer buf = ByteBuffer.allocateDirect(512);
    private final Thread owner;
    private long lines;
    private long failures;
    private volatile boolean closed;

    private TraceMarker(FileChannel ch) {
        this.ch = ch;
        this.owner = Thread.currentThread();
    }

    /** A marker for the calling thread on {@code traceMarker}, announcing the thread's {@code role}. */
    public static TraceMarker open(Path traceMarker, String role) throws IOException {
        if (!role.matches("[a-z0-9-]{1,32}")) {
            throw new IllegalArgumentException("not a role name: " + role);
        }
        TraceMarker m = new TraceMarker(FileChannel.open(traceMarker, StandardOpenOption.WRITE));
        m.begin(MarkKind.THREAD, 0).text("role", role).emit();
        return m;
    }

    @Override
    public void readBegin(long seq, long offset, long length, String file) {
        ioBegin(MarkKind.READ_BEGIN, seq, offset, length, file);
    }

    @Override
    public void readEnd(long seq, long ret) {
        ioEnd(MarkKind.READ_END, seq, ret);
    }

    @Override
    public void writeBegin(long seq, long offset, long length, String file) {
        ioBegin(MarkKind.WRITE_BEGIN, seq, offset, length, file);
    }

    @Override
    public void writeEnd(long seq, long ret) {
        ioEnd(MarkKind.WRITE_END, seq, ret);
    }

    @Override
    public void storeBegin(long pass, int value) {
        begin(MarkKind.STORE_BEGIN, pass).number("byte", value & 0xff).emit();
    }

    @Override
    public void storeEnd(long pass) {
        begin(MarkKind.STORE_END, pass).emit();
    }

    @Override
    public void phase(String name) {
        begin(MarkKind.PHASE, 0).text("name", name).emit();
    }

    @Override
    public void note(String what, long offset) {
        begin(MarkKind.NOTE, 0).text("what", what).number("off", offset).emit();
    }

    /** The recorder's last line, which its reader waits for. */
    void end(long nonce) {
        begin(MarkKind.END, nonce).emit();
    }

    /** A probe line written just before and after a /dev/kmsg line ({@code id} says which probe). */
    void clock(long id, String side) {
        begin(MarkKind.CLOCK, id).text("side", side).emit();
    }

    @Override
    public long lines() {
        return lines;
    }

    @Override
    public long failures() {
        return failures;
    }

    private TraceMarker begin(MarkKind kind, long seq) {
        if (Thread.currentThread() != owner) {
            throw new IllegalStateException("a marker is its thread's own: open one per thread");
        }
        buf.clear();
        buf.put(PREFIX);
        ascii(kind.word());
        buf.put((byte) ' ');
        digits(seq);
        return this;
    }

    /** A read's or a write's first line: where, how much, which file. */
    private void ioBegin(MarkKind kind, long seq, long offset, long length, String file) {
        begin(kind, seq)
                .number("off", offset)
                .number("len", length)
                .text("file", file)
                .emit();
    }

    /** A read's or a write's last line: what the call returned. */
    private void ioEnd(MarkKind kind, long seq, long ret) {
        begin(kind, seq).number("ret", ret).emit();
    }

    private TraceMarker number(String key, long v) {
        key(key);
        digits(v);
        return this;
    }

    private TraceMarker text(String key, String v) {
        key(key);
        ascii(v.isEmpty() ? "-" : v);
        return this;
    }

    private void key(String key) {
        buf.put((byte) ' ');
        ascii(key);
        buf.put((byte) '=');
    }

    private void ascii(String s) {
        int n = Math.min(s.length(), 64);
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            buf.put(c > ' ' && c < 127 ? (byte) c : (byte) '_'); // one word: no spaces, nothing outside ASCII
        }
    }

    private void digits(long v) {
        if (v == Long.MIN_VALUE) {
            ascii(Long.toString(v));
            return;
        }
        if (v < 0) {
            buf.put((byte) '-');
            v = -v;
        }
        int start = buf.position();
        do {
            buf.put((byte) ('0' + (int) (v % 10)));
            v /= 10;
        } while (v != 0);
        for (int i = start, j = buf.position() - 1; i < j; i++, j--) { // digits were put least significant first
            byte t = buf.get(i);
            buf.put(i, buf.get(j));
            buf.put(j, t);
        }
    }

    private void emit() {
        if (closed) {
            failures++;
            return;
        }
        buf.put((byte) '\n'); // the kernel would add it; with it, a marker on a plain file gives lines too
        buf.flip();
        try {
            ch.write(buf);
            lines++;
        } catch (IOException e) {
            failures++; // the race goes on untraced rather than stopping on a trace problem
        }
    }

    @Override
    public void close() {
        closed = true;
        try {
            ch.close();
        } catch (IOException e) {
            // nothing was buffered: each line was its own write
        }
    }
}
