package org.diolab.live.run;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import org.diolab.live.job.Mode;
import org.diolab.live.scratch.ScratchFile;
import org.diolab.sys.Fd;
import org.diolab.sys.LibC;

/**
 * One open scratch file, read and written whole-buffer at a position (psync semantics: one synchronous positional
 * call per I/O, retried only for short transfers). A target is used by one thread at a time; threads hand it over
 * through a join or a future, never concurrently.
 */
sealed interface IoTarget extends AutoCloseable permits NativeTarget {

    /** Fills {@code buf} from the file at {@code offset}. */
    void read(MemorySegment buf, long offset) throws IOException;

    /** Writes all of {@code buf} to the file at {@code offset}. */
    void write(MemorySegment buf, long offset) throws IOException;

    /** fdatasync: waits for written data (and the metadata needed to read it) to reach the device. */
    void sync() throws IOException;

    /** RWF_NOWAIT calls that returned EAGAIN so far; each was then reissued without the flag. */
    long eagains();

    Path path();

    /** The descriptor, for an engine that issues the I/O itself (its calls are the engine's, its flags the job's). */
    Fd fd();

    @Override
    void close() throws IOException;

    /**
     * Opens {@code file} for {@code mode}: O_DIRECT for direct and bounce, RWF_DONTCACHE for dontcache, RWF_NOWAIT
     * when asked. Buffers passed to it must be native memory (a heap buffer has no stable address).
     */
    static IoTarget open(ScratchFile file, Mode mode, boolean nowait) throws IOException {
        int flags = (mode == Mode.DONTCACHE ? LibC.RWF_DONTCACHE : 0) | (nowait ? LibC.RWF_NOWAIT : 0);
        return NativeTarget.open(file, mode.usesODirect(), flags);
    }

    /** {@link #open(ScratchFile, Mode, boolean)} for the open scratch file at {@code path}. */
    static IoTarget open(Path path, Mode mode, boolean nowait) throws IOException {
        return open(ScratchFile.of(path), mode, nowait);
    }
}
