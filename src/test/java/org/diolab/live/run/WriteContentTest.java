package org.diolab.live.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.HashSet;
import java.util.Set;
import org.diolab.live.job.FioJobFile;
import org.diolab.live.job.JobSpec;
import org.junit.jupiter.api.Test;

/** fio's dedupe_percentage, dedupe_mode, dedupe_global and buffer_compress_percentage, block by block. */
class WriteContentTest {
    private static JobSpec job(String options) {
        return FioJobFile.parse("[j]\nrw=write\nsize=4m\n" + options.replace(' ', '\n') + "\n", "t.fio")
                .jobs()
                .getFirst();
    }

    private static String text(MemorySegment s) {
        return java.util.HexFormat.of().formatHex(s.toArray(ValueLayout.JAVA_BYTE));
    }

    @Test
    void aDedupePercentageOfWritesRepeatsABlockWrittenBefore() {
        JobSpec j = job("dedupe_percentage=50 dedupe_mode=working_set dedupe_working_set_percentage=10");
        WriteContent c = new WriteContent(j, 0);
        Set<String> seen = new HashSet<>();
        int repeats = 0;
        int n = 4000;
        try (Arena a = Arena.ofConfined()) {
            MemorySegment buf = a.allocate(4096, 4096);
            for (int i = 0; i < n; i++) {
                c.fill(buf);
                if (!seen.add(text(buf))) {
                    repeats++;
                }
            }
        }
        assertThat((double) repeats / n).isBetween(0.47, 0.53);
        assertThat(c.repeatedWrites).isEqualTo(repeats);
        assertThat(c.uniqueWrites + c.repeatedWrites).isEqualTo(n);
    }

    @Test
    void theCompressPercentageIsTheZeroFilledShareOfEachChunk() {
        JobSpec j = job("buffer_compress_percentage=50");
        WriteContent c = new WriteContent(j, 0);
        try (Arena a = Arena.ofConfined()) {
            MemorySegment buf = a.allocate(4096, 4096);
            c.fill(buf);
            for (int chunk = 0; chunk < 8; chunk++) {
                MemorySegment half = buf.asSlice(chunk * 512L + 256, 256);
                assertThat(half.toArray(ValueLayout.JAVA_BYTE)).containsOnly((byte) 0);
                long nonZero = 0;
                for (byte b : buf.asSlice(chunk * 512L, 256).toArray(ValueLayout.JAVA_BYTE)) {
                    nonZero += b != 0 ? 1 : 0;
                }
                assertThat(nonZero).as("the random half of chunk %d", chunk).isGreaterThan(240);
            }
        }
    }

    @Test
    void withDedupeGlobalTwoJobsRepeatEachOthersBuffersWithoutItTheirOwn() {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment buf = a.allocate(4096, 4096);
            for (boolean global : new boolean[] {true, false}) {
                JobSpec j = job("dedupe_percentage=0 buffer_compress_percentage=10 dedupe_global=" + (global ? 1 : 0));
                WriteContent first = new WriteContent(j, 0);
                WriteContent second = new WriteContent(j, 1);
                first.fill(buf);
                String one = text(buf);
                second.fill(buf);
                assertThat(text(buf).equals(one)).as("global=%s", global).isEqualTo(global);
            }
        }
    }
}
