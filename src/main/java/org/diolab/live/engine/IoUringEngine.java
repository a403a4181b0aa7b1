package org.diolab.live.engine;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import org.diolab.sys.Errno;
import org.diolab.sys.Fd;
import org.diolab.sys.IoUring;

/**
 * fio's io_uring, on the raw calls ({@link IoUring}): {@link #queue} writes the unit's SQE (IORING_OP_READ/WRITE, or
 * READ_FIXED/WRITE_FIXED on registered buffers, RWF_* flags in {@code rw_flags}), {@link #commit} is one
 * {@code io_uring_enter} that submits them, and {@link #getevents} takes what the CQ ring holds and, when that is
 * fewer than asked for, submits whatever is queued and waits in the same {@code io_uring_enter}. The unit's index is
 * the SQE's {@code user_data}.
 */
final class IoUringEngine implements IoEngine {
    private final IoUring ring;
    private final int[] fds;
    private final IoUnit[] units;
    private final IoUnit[] reaped;
    private final boolean fixed;
    private int inFlight;

    private IoUringEngine(IoUring ring, int[] fds, IoUnit[] units, boolean fixed) {
        this.ring = ring;
        this.fds = fds;
        this.units = units;
        this.reaped = new IoUnit[units.length];
        this.fixed = fixed;
    }

    /** The ring, made on the calling thread (which must be the one submitting: deferred task work). */
    static IoUringEngine open(Fd[] files, IoUnit[] units, MemorySegment[] fixedBuffers) throws IOException {
        int[] fds = new int[files.length];
        for (int i = 0; i < files.length; i++) {
            fds[i] = files[i].fd();
        }
        IoUring ring = IoUring.setup(units.length);
        try {
            if (fixedBuffers != null) {
                int r = ring.registerBuffers(fixedBuffers);
                if (r != 0) {
                    throw new IOException("io_uring_register(IORING_REGISTER_BUFFERS) of " + fixedBuffers.length
                            + " buffer(s): " + Errno.text(r));
                }
            }
            return new IoUringEngine(ring, fds, units, fixedBuffers != null);
        } catch (IOException | RuntimeException e) {
            ring.close();
            throw e;
        }
    }

    @Override
    public boolean queue(IoUnit u) {
        int op = fixed
                ? (u.write ? IoUring.OP_WRITE_FIXED : IoUring.OP_READ_FIXED)
                : (u.write ? IoUring.OP_WRITE : IoUring.OP_READ);
        ring.prep(op, fds[u.file], u.address, u.length, u.offset, u.rwFlags, u.bufIndex, u.index());
        return false;
    }

    @Override
    public void commit() throws IOException {
        while (ring.pending() > 0) {
            enter(0);
        }
    }

    @Override
    public int getevents(int min, int max) throws IOException {
        int got = 0;
        boolean entered = false;
        while (true) {
            int ready = ring.ready();
            if (ready > 0) {
                int take = Math.min(ready, max - got);
                for (int i = 0; i < take; i++) {
                    IoUnit u = units[(int) ring.userData(i)];
                    u.result = ring.result(i);
                    reaped[got + i] = u;
                }
                ring.consume(take);
                got += take;
                inFlight -= take;
            }
            if (got >= max || (got >= min && (entered || ring.pending() == 0))) {
                return got;
            }
            if (inFlight == 0 && ring.pending() == 0) {
                return got; // nothing left that could complete
            }
            enter(Math.max(0, Math.min(min - got, inFlight + ring.pending())));
            entered = true;
        }
    }

    private void enter(int minComplete) throws IOException {
        int r = ring.enter(minComplete);
        if (r >= 0) {
            inFlight += r;
        } else if (r != -Errno.EINTR && r != -Errno.EAGAIN && r != -Errno.EBUSY) {
            throw new IOException("io_uring_enter: " + Errno.name(-r));
        }
    }

    @Override
    public IoUnit event(int i) {
        return reaped[i];
    }

    @Override
    public String name() {
        return "io_uring";
    }

    @Override
    public void close() {
        ring.close();
    }
}
