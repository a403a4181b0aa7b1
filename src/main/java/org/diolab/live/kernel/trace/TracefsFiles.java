package org.diolab.live.kernel.trace;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Plain writes and reads of tracefs control files. One write(2) per value, as {@code echo} does: tracefs acts on each
 * write, and an event filter the kernel rejects comes back as EINVAL (the reason is in the instance's error_log).
 */
final class TracefsFiles {
    private static final int MAX_READ = 64 << 10;

    private TracefsFiles() {}

    static void write(Path file, String value) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
            ByteBuffer b = ByteBuffer.wrap((value + "\n").getBytes(StandardCharsets.US_ASCII));
            while (b.hasRemaining()) {
                ch.write(b);
            }
        } catch (IOException e) {
            throw new IOException("writing '" + value + "' to " + file + ": " + e.getMessage(), e);
        }
    }

    /** A small control file's text (at most 64 KiB: these are a line or a table). */
    static String read(Path file) throws IOException {
        try (var in = Files.newInputStream(file)) {
            return new String(in.readNBytes(MAX_READ), StandardCharsets.UTF_8);
        }
    }

    /** The last non-blank line of the instance's error_log, for a message; "" when there is none. */
    static String lastError(Path instance) {
        try {
            String[] lines = read(instance.resolve("error_log")).split("\n");
            for (int i = lines.length - 1; i >= 0; i--) {
                if (lines[i].contains("error:") || lines[i].contains("parse_error")) {
                    return lines[i].strip();
                }
            }
        } catch (IOException e) {
            return "";
        }
        return "";
    }
}
