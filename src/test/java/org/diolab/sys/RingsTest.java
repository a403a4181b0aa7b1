package org.diolab.sys;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The raw io_uring and native AIO bindings on a real file: every block comes back from the offset it was asked for,
 * with its own user data, through more I/Os than the ring has entries (so the SQ and CQ indexes wrap), and writes
 * land where they were aimed.
 */
class RingsTest {
    private static final int BLOCK = 4096;
    private static final int BLOCKS = 64;

    @TempDir
    Path dir;

    /** A file whose block b holds the long b in every 8 bytes. */
    private Path numbered() throws IOException {
        ByteBuffer b = ByteBuffer.allocate(BLOCK * BLOCKS).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < BLOCK * BLOCKS / 8; i++) {
            b.putLong((long) i * 8 / BLOCK);
        }
        Path f = dir.resolve("numbered");
        Files.write(f, b.array());
        return f;
    }

    /** What one completion said: whose it is and what the I/O returned. */
    private record Completion(long userData, int result) {}

    /** One block read into {@code buf} from {@code offset} through the ring, submitted alone; its completion. */
    private static Completion readOnce(IoUring ring, int fd, MemorySegment buf, long offset, int rwFlags, long data) {
        ring.prep(IoUring.OP_READ, fd, buf.address(), BLOCK, offset, rwFlags, 0, data);
        ring.enter(1);
        Completion c = new Completion(ring.userData(0), ring.result(0));
        ring.consume(1);
        return c;
    }

    @Test
    void ioUringReadsEveryBlockFromItsOffsetThroughWrappingRings() throws IOException {
        Path f = numbered();
        try (Arena a = Arena.ofConfined();
                Fd fd = Fd.open(f, LibC.O_RDWR);
                IoUring ring = IoUring.setup(4)) {
            assertThat(ring.sqEntries()).isEqualTo(4);
            MemorySegment buf = a.allocate((long) BLOCK * 4, BLOCK);
            Set<Long> seen = new HashSet<>();
            for (int round = 0; round < BLOCKS / 4 * 3; round++) { // 48 rounds of 4: the indexes wrap many times
                for (int i = 0; i < 4; i++) {
                    long block = (round * 4L + i * 7) % BLOCKS;
                    ring.prep(
                            IoUring.OP_READ,
                            fd.fd(),
                            buf.address() + (long) i * BLOCK,
                            BLOCK,
                            block * BLOCK,
                            0,
                            0,
                            i * 1000L + block);
                }
                assertThat(ring.pending()).isEqualTo(4);
                int submitted = ring.enter(4);
                assertThat(submitted).as(Errno.name(-submitted)).isEqualTo(4);
                assertThat(ring.ready()).isEqualTo(4);
                for (int c = 0; c < 4; c++) {
                    long data = ring.userData(c);
                    int slot = (int) (data / 1000);
                    long block = data % 1000;
                    assertThat(ring.result(c)).isEqualTo(BLOCK);
                    assertThat(buf.get(ValueLayout.JAVA_LONG, (long) slot * BLOCK))
                            .as("slot %d read block %d", slot, block)
                            .isEqualTo(block);
                    assertThat(buf.get(ValueLayout.JAVA_LONG, (long) slot * BLOCK + BLOCK - 8))
                            .isEqualTo(block);
                    seen.add(block);
                }
                ring.consume(4);
                assertThat(ring.ready()).isZero();
            }
            assertThat(seen).hasSize(BLOCKS);
        }
    }

    @Test
    void ioUringWritesWithFixedBuffersLandWhereAimed() throws IOException {
        Path f = numbered();
        try (Arena a = Arena.ofConfined();
                Fd fd = Fd.open(f, LibC.O_RDWR);
                IoUring ring = IoUring.setup(8)) {
            MemorySegment[] bufs = new MemorySegment[2];
            for (int i = 0; i < 2; i++) {
                bufs[i] = a.allocate(BLOCK, BLOCK);
                bufs[i].fill((byte) (0x50 + i));
            }
            assertThat(ring.registerBuffers(bufs)).isZero();
            ring.prep(IoUring.OP_WRITE_FIXED, fd.fd(), bufs[0].address(), BLOCK, 3L * BLOCK, 0, 0, 1);
            ring.prep(IoUring.OP_WRITE_FIXED, fd.fd(), bufs[1].address(), BLOCK, 9L * BLOCK, 0, 1, 2);
            assertThat(ring.enter(2)).isEqualTo(2);
            assertThat(ring.ready()).isEqualTo(2);
            assertThat(ring.result(0)).isEqualTo(BLOCK);
            assertThat(ring.result(1)).isEqualTo(BLOCK);
            ring.consume(2);
        }
        byte[] bytes = Files.readAllBytes(f);
        assertThat(bytes[3 * BLOCK]).isEqualTo((byte) 0x50);
        assertThat(bytes[9 * BLOCK + BLOCK - 1]).isEqualTo((byte) 0x51);
        assertThat(bytes[4 * BLOCK]).as("the block after it untouched").isEqualTo((byte) 4);
    }

    @Test
    void ioUringReportsAnErrnoPerCompletion() throws IOException {
        try (Arena a = Arena.ofConfined();
                IoUring ring = IoUring.setup(2)) {
            Completion c = readOnce(ring, 1_000_000, a.allocate(BLOCK, BLOCK), 0, 0, 42);
            assertThat(c.userData()).isEqualTo(42);
            assertThat(c.result()).isEqualTo(-Errno.EBADF);
        }
    }

    @Test
    void ioUringPassesRwFlagsToTheKernel() throws IOException {
        Path f = numbered();
        try (Arena a = Arena.ofConfined();
                Fd fd = Fd.open(f, LibC.O_RDWR);
                IoUring ring = IoUring.setup(2)) {
            MemorySegment buf = a.allocate(BLOCK, BLOCK);
            assertThat(readOnce(ring, fd.fd(), buf, 0, 1 << 30, 1).result()) // no such RWF_ flag
                    .as("the kernel saw the flag and refused it")
                    .isEqualTo(-Errno.EOPNOTSUPP);
            assertThat(readOnce(ring, fd.fd(), buf, 5L * BLOCK, LibC.RWF_NOWAIT, 2)
                            .result())
                    .as("NOWAIT on a cached block")
                    .isIn(BLOCK, -Errno.EAGAIN);
        }
    }

    @Test
    void aioReadsAndWritesEveryBlockWithItsData() throws IOException {
        Path f = numbered();
        try (Arena a = Arena.ofConfined();
                Fd fd = Fd.open(f, LibC.O_RDWR);
                Aio aio = Aio.setup(8)) {
            MemorySegment buf = a.allocate((long) BLOCK * 8, BLOCK);
            for (int slot = 0; slot < 8; slot++) {
                aio.prep(
                        slot,
                        Aio.CMD_PREAD,
                        fd.fd(),
                        buf.address() + (long) slot * BLOCK,
                        BLOCK,
                        (slot * 5L % BLOCKS) * BLOCK,
                        0,
                        100 + slot);
            }
            assertThat(aio.submit()).isEqualTo(8);
            int got = 0;
            while (got < 8) {
                int n = aio.getevents(1, 8);
                assertThat(n).as(Errno.name(-n)).isPositive();
                for (int i = 0; i < n; i++) {
                    int slot = (int) aio.eventData(i) - 100;
                    assertThat(aio.eventResult(i)).isEqualTo(BLOCK);
                    assertThat(buf.get(ValueLayout.JAVA_LONG, (long) slot * BLOCK))
                            .isEqualTo(slot * 5L % BLOCKS);
                }
                got += n;
            }
            MemorySegment w = buf.asSlice(0, BLOCK);
            w.fill((byte) 0x77);
            aio.prep(0, Aio.CMD_PWRITE, fd.fd(), w.address(), BLOCK, 20L * BLOCK, 0, 7);
            assertThat(aio.submit()).isEqualTo(1);
            assertThat(aio.getevents(1, 1)).isEqualTo(1);
            assertThat(aio.eventData(0)).isEqualTo(7);
            assertThat(aio.eventResult(0)).isEqualTo(BLOCK);
        }
        assertThat(Files.readAllBytes(f)[20 * BLOCK]).isEqualTo((byte) 0x77);
    }
}
