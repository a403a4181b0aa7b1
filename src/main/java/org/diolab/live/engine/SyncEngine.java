package org.diolab.live.engine;

import java.io.IOException;
import org.diolab.sys.Fd;

/**
 * fio's psync and pvsync2: each I/O is one positional call, done inside {@link #queue}, so a thread has one I/O in
 * flight. psync makes it {@code pread/pwrite}, or {@code preadv2/pwritev2} when the I/O carries RWF_* flags (which
 * plain pread cannot pass); pvsync2 always {@code preadv2/pwritev2}.
 *
 * <p>A mirrored write's legs 1..N-1 are queued as helper units: each runs on its file's own helper thread while
 * the worker does leg 0, as md-raid1 sends its cloned bios at once, and {@link #getevents} waits for them. That keeps
 * one write in flight per leg, the synchronous engines' depth.
 */
final class SyncEngine implements IoEngine {
    private final Fd[] files;
    private final boolean vectored;
    private final String name;
    private final HelperThread[] helpers;
    private final IoUnit[] onHelper;
    private final IoUnit[] done;
    private final int[] started;
    private int startedCount;
    private int doneCount;

    SyncEngine(Fd[] files, boolean vectored, String name) {
        this.files = files;
        this.vectored = vectored;
        this.name = name;
        this.helpers = new HelperThread[files.length];
        this.onHelper = new IoUnit[files.length];
        this.done = new IoUnit[files.length];
        this.started = new int[files.length];
    }

    @Override
    public boolean queue(IoUnit u) {
        if (!u.helper || u.file == 0) {
            call(u);
            return true;
        }
        int f = u.file;
        if (helpers[f] == null) {
            helpers[f] = new HelperThread(name + "-m" + f, () -> call(onHelper[f]));
        }
        onHelper[f] = u;
        helpers[f].start();
        started[startedCount++] = f;
        return false;
    }

    private void call(IoUnit u) {
        Fd f = files[u.file];
        if (!vectored && u.rwFlags == 0) {
            u.result = u.write ? f.pwrite(u.address, u.length, u.offset) : f.pread(u.address, u.length, u.offset);
        } else {
            u.result = u.write
                    ? f.pwritev2(u.address, u.length, u.offset, u.rwFlags)
                    : f.preadv2(u.address, u.length, u.offset, u.rwFlags);
        }
    }

    @Override
    public void commit() {
        // each I/O went to the kernel when it was queued
    }

    /** Waits for every leg started on a helper (at least {@code min} of them were asked for). */
    @Override
    public int getevents(int min, int max) throws IOException {
        doneCount = 0;
        IOException first = null;
        for (int i = 0; i < startedCount; i++) {
            int f = started[i];
            try {
                helpers[f].await();
            } catch (IOException e) {
                first = first == null ? e : first;
            } catch (Exception e) {
                first = first == null ? new IOException("mirror " + f + ": " + e.getMessage(), e) : first;
            }
            done[doneCount++] = onHelper[f];
        }
        startedCount = 0;
        if (first != null) {
            throw first;
        }
        return doneCount;
    }

    @Override
    public IoUnit event(int i) {
        return done[i];
    }

    @Override
    public String name() {
        return vectored ? "pvsync2" : "psync";
    }

    @Override
    public void close() {
        for (HelperThread h : helpers) {
            if (h != null) {
                h.close();
            }
        }
    }
}
