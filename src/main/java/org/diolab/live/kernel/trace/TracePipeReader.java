package org.diolab.live.kernel.trace;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedByInterruptException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import org.jspecify.annotations.Nullable;

/**
 * Drains an instance's trace_pipe on a thread of its own while the race runs, so the kernel's ring (bounded per CPU)
 * rarely overwrites, and hands each line to a {@link LineSink}. A read of trace_pipe blocks until there is data; the
 * reader stops when it reads the line containing its stop word (the recorder's last marker), or, if that never
 * comes, when interrupted (which closes the channel and wakes the read). Its thread is not named like the lab's
 * racing threads, so the thread filters never record the reader itself.
 */
final class TracePipeReader {
    private static final int CHUNK = 64 << 10;
    private static final int MAX_LINE = 16 << 10;
    private final FileChannel ch;
    private final LineSink sink;
    private final String stopWord;
    private final Thread thread;
    private volatile boolean sawStop;
    private volatile @Nullable IOException failure;

    private TracePipeReader(FileChannel ch, LineSink sink, String stopWord) {
        this.ch = ch;
        this.sink = sink;
        this.stopWord = stopWord;
        this.thread = new Thread(this::loop, "trace-pipe-reader");
        this.thread.setDaemon(true);
    }

    static TracePipeReader start(Path pipe, LineSink sink, String stopWord) throws IOException {
        TracePipeReader r = new TracePipeReader(FileChannel.open(pipe, StandardOpenOption.READ), sink, stopWord);
        r.thread.start();
        return r;
    }

    private void loop() {
        ByteBuffer buf = ByteBuffer.allocateDirect(CHUNK);
        byte[] line = new byte[MAX_LINE];
        int len = 0;
        try (ch) {
            while (!sawStop) {
                buf.clear();
                int n = ch.read(buf);
                if (n < 0) {
                    return;
                }
                buf.flip();
                while (buf.hasRemaining() && !sawStop) {
                    byte b = buf.get();
                    if (b == '\n') {
                        emit(new String(line, 0, len, StandardCharsets.UTF_8));
                        len = 0;
                    } else if (len < MAX_LINE) {
                        line[len++] = b; // a longer line is cut: no event prints that much
                    }
                }
            }
        } catch (ClosedByInterruptException e) {
            // stopped by stop(): the stop word did not come in time
        } catch (IOException e) {
            failure = e;
        }
    }

    private void emit(String text) {
        if (text.contains(stopWord)) {
            sawStop = true;
            return;
        }
        sink.line(text);
    }

    /**
     * Waits up to {@code timeout} for the stop word, then stops the thread either way.
     *
     * @return true when the stop word was read (everything before it was drained)
     */
    boolean stop(Duration timeout) {
        join(timeout);
        if (thread.isAlive()) {
            thread.interrupt();
            join(Duration.ofSeconds(5));
        }
        return sawStop;
    }

    /** Stops at once (a failed or cancelled recording). */
    void abort() {
        thread.interrupt();
        join(Duration.ofSeconds(5));
    }

    boolean alive() {
        return thread.isAlive();
    }

    @Nullable
    IOException failure() {
        return failure;
    }

    private void join(Duration d) {
        boolean interrupted = false;
        long deadline = System.nanoTime() + d.toNanos();
        while (thread.isAlive()) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                break;
            }
            try {
                thread.join(Math.max(1, left / 1_000_000));
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
