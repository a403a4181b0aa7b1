package org.diolab.live;

import com.sun.nio.file.ExtendedOpenOption;
import java.io.EOFException;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashSet;
import java.util.Set;

/**
 * A scratch file behind a {@link FileChannel}: positional {@code pread/pwrite}, with O_DIRECT through
 * {@link ExtendedOpenOption#DIRECT}. Buffers must be native memory: given a heap buffer the JDK would silently copy
 * through a temporary direct buffer of its own, which is a bounce nobody asked for (and breaks O_DIRECT alignment).
 */
final class ChannelTarget implements IoTarget {
    private final Path path;
    private final FileChannel channel;
    // The ByteBuffer view of the last segment: building one per I/O would allocate in the hot loop.
    private MemorySegment lastSegment;
    private ByteBuffer lastView;

    private ChannelTarget(Path path, FileChannel channel) {
        this.path = path;
        this.channel = channel;
    }

    static ChannelTarget open(ScratchFile file, boolean direct) throws IOException {
        Set<OpenOption> options = new HashSet<>();
        options.add(StandardOpenOption.READ);
        options.add(StandardOpenOption.WRITE);
        if (direct) {
            options.add(ExtendedOpenOption.DIRECT);
        }
        // Through /proc/self/fd/N: the inode the session created, never whatever now sits at its name.
        return new ChannelTarget(file.path(), FileChannel.open(file.procPath(), options));
    }

    private ByteBuffer view(MemorySegment buf) {
        if (buf != lastSegment) {
            lastView = buf.asByteBuffer();
            lastSegment = buf;
        }
        return lastView.clear();
    }

    @Override
    public void read(MemorySegment buf, long offset) throws IOException {
        ByteBuffer bb = view(buf);
        while (bb.hasRemaining()) {
            if (channel.read(bb, offset + bb.position()) < 0) {
                throw new EOFException("read past the end of " + path + " at " + (offset + bb.position()));
            }
        }
    }

    @Override
    public void write(MemorySegment buf, long offset) throws IOException {
        ByteBuffer bb = view(buf);
        while (bb.hasRemaining()) {
            channel.write(bb, offset + bb.position());
        }
    }

    @Override
    public void sync() throws IOException {
        channel.force(false);
    }

    @Override
    public long eagains() {
        return 0;
    }

    @Override
    public Path path() {
        return path;
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
