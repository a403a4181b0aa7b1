package org.diolab.io;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Locale;

/**
 * Reads a whole text file that a user supplied, refusing quickly what would hang or exhaust memory: a FIFO (reading
 * blocks forever), a device ({@code /dev/zero} never ends), a directory, anything bigger than the cap. Decodes
 * strictly as UTF-8 and says where the first bad byte is. A leading byte-order mark is dropped.
 */
public final class BoundedText {
    private BoundedText() {}

    /**
     * The text of {@code file}.
     *
     * @param maxBytes the largest file accepted
     * @param what     what the file is, for messages: "lesson files", "source threads"
     * @throws UnreadableText with the reason in words and, for bad UTF-8, the position
     */
    public static String read(Path file, long maxBytes, String what) throws UnreadableText {
        BasicFileAttributes attrs;
        try {
            attrs = Files.readAttributes(file, BasicFileAttributes.class); // follows links: judge the target
        } catch (NoSuchFileException e) {
            throw new UnreadableText(
                    "no such file" + (Files.isSymbolicLink(file) ? " (a symbolic link to nothing)" : ""),
                    1,
                    1,
                    "check the path");
        } catch (AccessDeniedException e) {
            throw new UnreadableText("permission denied", 1, 1, "make the file readable");
        } catch (IOException e) {
            throw new UnreadableText("cannot read the file (" + reason(e) + ")", 1, 1, "check the path");
        }
        if (!attrs.isRegularFile()) {
            throw new UnreadableText(
                    "it is " + kind(file, attrs) + ", not a regular file", 1, 1, "only regular files are read");
        }
        if (attrs.size() > maxBytes) {
            throw tooBig(attrs.size(), maxBytes, what);
        }
        byte[] bytes;
        try (InputStream in = Files.newInputStream(file)) {
            bytes = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, maxBytes + 1));
        } catch (AccessDeniedException e) {
            throw new UnreadableText("permission denied", 1, 1, "make the file readable");
        } catch (IOException e) {
            throw new UnreadableText("cannot read the file (" + reason(e) + ")", 1, 1, "check the path");
        }
        if (bytes.length > maxBytes) {
            throw tooBig(bytes.length, maxBytes, what); // it grew while being read
        }
        return decode(bytes);
    }

    private static UnreadableText tooBig(long size, long max, String what) {
        boolean close = human(size).equals(human(max));
        return new UnreadableText(
                "the file is " + (close ? size + " bytes" : human(size)) + "; " + what + " are limited to "
                        + (close ? max + " bytes" : human(max)),
                1,
                1,
                "split it, or check that this is the file you meant");
    }

    /** Strict UTF-8; the first malformed byte is reported with its line and column. */
    static String decode(byte[] bytes) throws UnreadableText {
        CharsetDecoder dec = StandardCharsets.UTF_8
                .newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(bytes.length);
        CoderResult r = dec.decode(in, out, true);
        if (r.isError()) {
            int at = in.position();
            int line = 1;
            int lineStart = 0;
            for (int i = 0; i < at; i++) {
                if (bytes[i] == '\n') {
                    line++;
                    lineStart = i + 1;
                }
            }
            int column = new String(bytes, lineStart, at - lineStart, StandardCharsets.UTF_8).length() + 1;
            throw new UnreadableText(
                    String.format(
                            Locale.ROOT,
                            "the file is not UTF-8: byte 0x%02X is not valid" + " UTF-8 text",
                            bytes[at] & 0xff),
                    line,
                    column,
                    "save the file as UTF-8");
        }
        try {
            r = dec.flush(out);
            if (r.isError()) {
                r.throwException();
            }
        } catch (CharacterCodingException e) {
            throw new UnreadableText("the file is not UTF-8", 1, 1, "save the file as UTF-8");
        }
        out.flip();
        String s = out.toString();
        return s.startsWith("\uFEFF") ? s.substring(1) : s;
    }

    private static String kind(Path file, BasicFileAttributes attrs) {
        if (attrs.isDirectory()) {
            return "a directory";
        }
        if (file.getFileSystem() == FileSystems.getDefault()) {
            try {
                int mode = (Integer) Files.getAttribute(file, "unix:mode");
                return switch (mode & 0170000) {
                    case 0010000 -> "a FIFO (named pipe)";
                    case 0020000 -> "a character device";
                    case 0060000 -> "a block device";
                    case 0140000 -> "a socket";
                    default -> "a special file";
                };
            } catch (IOException | RuntimeException e) {
                return "a special file";
            }
        }
        return "a special file";
    }

    private static String reason(IOException e) {
        String m = e.getMessage();
        if (e instanceof java.nio.file.FileSystemException fse && fse.getReason() != null) {
            return fse.getReason().toLowerCase(Locale.ROOT);
        }
        return m == null ? e.getClass().getSimpleName() : m;
    }

    /** "1.0 MiB" */
    public static String human(long bytes) {
        String[] units = {"B", "KiB", "MiB", "GiB", "TiB"};
        double v = bytes;
        int u = 0;
        while (u < units.length - 1 && v >= 1024) {
            v /= 1024;
            u++;
        }
        return u == 0 ? bytes + " B" : String.format(Locale.ROOT, "%.1f %s", v, units[u]);
    }
}
