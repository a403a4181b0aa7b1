package org.diolab.live.kernel.trace.text;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LabMarkTest {
    @Test
    void aMarkReadsBackAsWritten() {
        Map<String, String> f = new LinkedHashMap<>();
        f.put("off", "55443456");
        f.put("len", "65536");
        f.put("file", "datasum");
        LabMark m = new LabMark(MarkKind.READ_BEGIN, 13, f);
        assertThat(m.format()).isEqualTo("dio-lab read-begin 13 off=55443456 len=65536 file=datasum");
        assertThat(LabMark.parse(m.format())).contains(m);
        assertThat(m.number("off", -1)).isEqualTo(55443456);
        assertThat(m.number("missing", -1)).isEqualTo(-1);
    }

    @Test
    void negativeResultsAreNumbers() {
        LabMark end = LabMark.parse("dio-lab read-end 13 ret=-5").orElseThrow();
        assertThat(end.kind().ends()).isTrue();
        assertThat(end.number("ret", 0)).isEqualTo(-5);
    }

    @Test
    void otherLinesAreNotTheLabs() {
        assertThat(LabMark.parse("hello from someone else")).isEmpty();
        assertThat(LabMark.parse("dio-lab no-such-kind 1")).isEmpty();
        assertThat(LabMark.parse("dio-lab read-end notanumber")).isEmpty();
    }

    @Test
    void devNumbersUseTheKernelsEncoding() {
        assertThat(DevNum.parse("7:0").kernel()).isEqualTo(7L << 20);
        assertThat(DevNum.parse("259,3")).isEqualTo(new DevNum(259, 3));
        assertThat(new DevNum(0, 40).kernel()).isEqualTo(40);
    }

    @Test
    void timestampsKeepTheirDigits() {
        assertThat(Timestamps.parse("2533.280291")).isEqualTo(2533_280291_000L);
        assertThat(Timestamps.parse("1.5")).isEqualTo(1_500_000_000L);
        assertThat(Timestamps.parse("12345")).isEqualTo(12345L);
        assertThat(Timestamps.format(2533_280291_999L)).isEqualTo("2533.280291");
    }
}
