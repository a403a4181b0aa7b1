package org.diolab.live.kernel.evidence;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.List;
import org.diolab.live.job.CancelToken;

/**
 * One RAID leg's copy of a file, as 4 KiB blocks: a 128-bit digest of each block (the first half of its SHA-256)
 * and its first byte (the scribbler fills whole buffers with one value, so it names the version a block holds).
 * Read from a filesystem that has only that leg, so the kernel cannot have served any block from another copy.
 */
public final class LegDigests {
    public static final int BLOCK = 4096;
    private final long[] digests;
    private final byte[] firstBytes;

    private LegDigests(long[] digests, byte[] firstBytes) {
        this.digests = digests;
        this.firstBytes = firstBytes;
    }

    public static LegDigests read(Path file, long size, CancelToken cancel) throws IOException {
        int blocks = Math.toIntExact(size / BLOCK);
        long[] d = new long[2 * blocks];
        byte[] first = new byte[blocks];
        MessageDigest sha;
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
        ByteBuffer buf = ByteBuffer.allocateDirect(1 << 20);
        byte[] block = new byte[BLOCK];
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)) {
            long pos = 0;
            int b = 0;
            while (b < blocks) {
                cancel.throwIfCancelled();
                buf.clear();
                int n = ch.read(buf, pos);
                if (n <= 0) {
                    throw new IOException(file + " ended at " + pos + " bytes, expected " + size);
                }
                pos += n;
                buf.flip();
                while (buf.remaining() >= BLOCK && b < blocks) {
                    buf.get(block);
                    byte[] h = sha.digest(block);
                    d[2 * b] = ByteBuffer.wrap(h, 0, 8).getLong();
                    d[2 * b + 1] = ByteBuffer.wrap(h, 8, 8).getLong();
                    first[b] = block[0];
                    b++;
                }
                pos -= buf.remaining(); // a partial block is read again with the next chunk
            }
        }
        return new LegDigests(d, first);
    }

    public int blocks() {
        return firstBytes.length;
    }

    /** The blocks whose content differs from {@code other}'s. */
    public List<Integer> differing(LegDigests other) {
        List<Integer> out = new ArrayList<>();
        for (int b = 0; b < blocks(); b++) {
            if (digests[2 * b] != other.digests[2 * b] || digests[2 * b + 1] != other.digests[2 * b + 1]) {
                out.add(b);
            }
        }
        return out;
    }

    /** The first byte of block {@code b}, as two hex digits. */
    public String version(int b) {
        return String.format("%02x", firstBytes[b] & 0xff);
    }
}
