package org.diolab.live.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.HexFormat;
import org.diolab.live.job.VerifyPattern;
import org.junit.jupiter.api.Test;

/**
 * fio 3.33's verify header and pattern, against bytes fio itself wrote: the first 512-byte interval of a file fio's
 * surface-scan write phase laid down (verify=meta, verify_pattern=0xaa555aa5, verify_interval=512, bs=64k), as read
 * back with xxd. DIO Lab must accept it as written (so its CRC32C is fio's, which skips the final inversion), and must
 * write headers that it and fio accept.
 */
class PatternHeadersTest {
    private static final String FIO_HEADER = "caac010000020000" // magic 0xacca, type 1 (meta), interval 512
            + "0000000000000000" // seed
            + "0000000000000000" // the interval's file offset: 0
            + "00000000" + "35507f09" // time, s and ns
            + "0100" + "0000" // thread 1, I/O 0
            + "2f7b8cbb"; // CRC32C of the 36 bytes before, fio's way
    private static final VerifyPattern META = new VerifyPattern("aa555aa5", 512, true, true);

    private static MemorySegment fioInterval(Arena arena) {
        MemorySegment b = arena.allocate(512);
        byte[] h = HexFormat.of().parseHex(FIO_HEADER);
        MemorySegment.copy(h, 0, b, ValueLayout.JAVA_BYTE, 0, h.length);
        byte[] p = HexFormat.of().parseHex("aa555aa5");
        for (int i = VerifyPattern.HEADER; i < 512; i++) {
            b.set(ValueLayout.JAVA_BYTE, i, p[i % 4]);
        }
        return b;
    }

    @Test
    void anIntervalFioWroteIsAsWrittenAndOneChangedByteMakesItBad() {
        try (Arena arena = Arena.ofConfined()) {
            PatternHeaders h = new PatternHeaders(META, 65536, 1);
            MemorySegment b = fioInterval(arena);
            assertThat(h.countBad(b, 0)).as("fio's own header and pattern").isZero();
            assertThat(h.countBad(b, 512))
                    .as("read at another offset: the header names offset 0")
                    .isEqualTo(1);
            b.set(ValueLayout.JAVA_BYTE, 29, (byte) 0x51); // the time: only the header's CRC sees it
            assertThat(h.countBad(b, 0)).isEqualTo(1);
            b = fioInterval(arena);
            b.set(ValueLayout.JAVA_BYTE, 300, (byte) 0);
            assertThat(h.countBad(b, 0)).as("a pattern byte").isEqualTo(1);
        }
    }

    @Test
    void aWrittenBlockHasFiosLayoutAndEachIntervalNamesItsOwnOffset() {
        try (Arena arena = Arena.ofConfined()) {
            PatternHeaders h = new PatternHeaders(META, 4096, 3);
            MemorySegment b = arena.allocate(4096);
            h.fill(b, 8192, 7);
            assertThat(h.countBad(b, 8192)).isZero();
            for (int i = 0; i < 8; i++) {
                MemorySegment at = b.asSlice(i * 512L, 512);
                assertThat(HexFormat.of().formatHex(at.asSlice(0, 8).toArray(ValueLayout.JAVA_BYTE)))
                        .isEqualTo("caac010000020000");
                assertThat(at.get(ValueLayout.JAVA_LONG_UNALIGNED, 16)).isEqualTo(8192 + i * 512L);
                assertThat(HexFormat.of().formatHex(at.asSlice(40, 8).toArray(ValueLayout.JAVA_BYTE)))
                        .isEqualTo("aa555aa5aa555aa5");
            }
            PatternHeaders other = new PatternHeaders(new VerifyPattern("11", 512, true, true), 4096, 3);
            assertThat(other.countBad(b, 8192))
                    .as("another pattern: every interval")
                    .isEqualTo(8);
        }
    }
}
