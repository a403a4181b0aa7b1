package org.diolab.live.engine;

import java.io.IOException;
import org.diolab.sys.Aio;
import org.diolab.sys.Errno;
import org.diolab.sys.Fd;

/**
 * fio's libaio, on the raw calls ({@link Aio}): {@link #queue} writes the unit's iocb, {@link #commit} is one
 * {@code io_submit} of every iocb queued since (fewer when the kernel takes fewer: the rest go with the next),
 * {@link #getevents} one {@code io_getevents}. The unit's index is its iocb slot and its {@code aio_data}.
 */
final class LibaioEngine implements IoEngine {
    private final Aio aio;
    private final int[] fds;
    private final IoUnit[] units;
    private final IoUnit[] reaped;
    private int inFlight;

    private LibaioEngine(Aio aio, int[] fds, IoUnit[] units) {
        this.aio = aio;
        this.fds = fds;
        this.units = units;
        this.reaped = new IoUnit[units.length];
    }

    static LibaioEngine open(Fd[] files, IoUnit[] units) throws IOException {
        int[] fds = new int[files.length];
        for (int i = 0; i < files.length; i++) {
            fds[i] = files[i].fd();
        }
        return new LibaioEngine(Aio.setup(units.length), fds, units);
    }

    @Override
    public boolean queue(IoUnit u) {
        aio.prep(
                u.index(),
                u.write ? Aio.CMD_PWRITE : Aio.CMD_PREAD,
                fds[u.file],
                u.address,
                u.length,
                u.offset,
                u.rwFlags,
                u.index());
        return false;
    }

    @Override
    public void commit() throws IOException {
        while (aio.pending() > 0) {
            int r = aio.submit();
            if (r > 0) {
                inFlight += r;
            } else if (r == -Errno.EAGAIN && inFlight > 0) {
                return; // the kernel is full: reap first, the rest go with the next commit
            } else if (r != -Errno.EINTR && r != -Errno.EAGAIN) {
                throw new IOException("io_submit: " + Errno.name(-r));
            }
        }
    }

    @Override
    public int getevents(int min, int max) throws IOException {
        commit();
        int want = Math.min(min, inFlight);
        while (true) {
            int r = aio.getevents(want, max);
            if (r >= 0) {
                for (int i = 0; i < r; i++) {
                    IoUnit u = units[(int) aio.eventData(i)];
                    u.result = aio.eventResult(i);
                    reaped[i] = u;
                }
                inFlight -= r;
                return r;
            }
            if (r != -Errno.EINTR) {
                throw new IOException("io_getevents: " + Errno.name(-r));
            }
        }
    }

    @Override
    public IoUnit event(int i) {
        return reaped[i];
    }

    @Override
    public String name() {
        return "libaio";
    }

    @Override
    public void close() {
        aio.close();
    }
}
