package org.diolab.live.kernel.trace;

import com.sun.nio.file.ExtendedOpenOption;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * S000's race for the tracing tests, without the lab: a thread "dio-lab-reader" makes 64 KiB O_DIRECT reads at random
 * offsets of a checksummed file into one aligned direct buffer (a direct buffer's pages are what the device fills)
 * while a thread "dio-lab-scribbler" keeps rewriting that buffer; both write their markers. Counts the reads and the
 * EIOs.
 */
final class RacingReads {
    static final int SIZE = 64 << 10;

    /** What one run did. */
    record Counts(long reads, long eio, long stores, long nanos) {}

    /** How each thread gets its marker (a recording's, or none). */
    @FunctionalInterface
    interface Markers {
        Marker open(String role) throws IOException;
    }

    private RacingReads() {}

    static Counts run(Path file, Duration time, Markers markers, boolean scribble) throws Exception {
        ByteBuffer raw = ByteBuffer.allocateDirect(SIZE + 4096);
        ByteBuffer buf = raw.alignedSlice(4096).limit(SIZE).slice();
        AtomicLong stores = new AtomicLong();
        Thread scribbler = new Thread(
                () -> {
                    try (Marker m = markers.open("scribbler")) {
                        long n = 0;
                        while (!Thread.currentThread().isInterrupted()) {
                            byte v = (byte) (n * 37 + 1);
                            m.storeBegin(n, v);
                            for (int i = 0; i < SIZE; i += 8) {
                                buf.putLong(i, v * 0x0101010101010101L);
                            }
                            m.storeEnd(n);
                            n++;
                        }
                        stores.set(n);
                    } catch (IOException e) {
                        throw new IllegalStateException(e);
                    }
                },
                "dio-lab-scribbler");
        long[] out = new long[3];
        Exception[] failed = new Exception[1];
        Thread reader = new Thread(
                () -> {
                    try (Marker m = markers.open("reader");
                            FileChannel ch =
                                    FileChannel.open(file, StandardOpenOption.READ, ExtendedOpenOption.DIRECT)) {
                        long blocks = ch.size() / SIZE;
                        SplittableRandom rnd = new SplittableRandom(7);
                        long start = System.nanoTime();
                        long deadline = start + time.toNanos();
                        long seq = 0;
                        while (System.nanoTime() < deadline) {
                            long off = rnd.nextLong(blocks) * SIZE;
                            m.readBegin(++seq, off, SIZE, "datasum");
                            long ret;
                            try {
                                buf.clear();
                                ret = ch.read(buf, off);
                            } catch (IOException e) {
                                ret = errno(e);
                            }
                            m.readEnd(seq, ret);
                            out[0]++;
                            if (ret == -5) {
                                out[1]++;
                            }
                        }
                        out[2] = System.nanoTime() - start;
                    } catch (IOException e) {
                        failed[0] = e;
                    }
                },
                "dio-lab-reader");
        if (scribble) {
            scribbler.start();
        }
        reader.start();
        reader.join();
        scribbler.interrupt();
        scribbler.join();
        if (failed[0] != null) {
            throw failed[0];
        }
        return new Counts(out[0], out[1], stores.get(), out[2]);
    }

    /** The errno of a failed read, from the message the JDK gives (strerror's text). */
    private static long errno(IOException e) {
        String m = String.valueOf(e.getMessage());
        if (m.contains("Input/output error")) {
            return -5;
        }
        if (m.contains("Resource temporarily unavailable")) {
            return -11;
        }
        return -1;
    }
}
