package org.diolab.live.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class FioUnitsTest {
    @Test
    void sizesUseFiosBinarySuffixes() {
        assertThat(FioUnits.parseSize("4096")).isEqualTo(4096);
        assertThat(FioUnits.parseSize("4k")).isEqualTo(4096);
        assertThat(FioUnits.parseSize("4K")).isEqualTo(4096);
        assertThat(FioUnits.parseSize("64KiB")).isEqualTo(65536);
        assertThat(FioUnits.parseSize("1m")).isEqualTo(1 << 20);
        assertThat(FioUnits.parseSize("1MB")).isEqualTo(1 << 20);
        assertThat(FioUnits.parseSize("2g")).isEqualTo(2L << 30);
        assertThat(FioUnits.parseSize("1t")).isEqualTo(1L << 40);
    }

    @Test
    void badSizesAreRefusedWithAnExample() {
        assertThatThrownBy(() -> FioUnits.parseSize("4x"))
                .isInstanceOf(LiveRefusal.class)
                .hasMessageContaining("4k");
        assertThatThrownBy(() -> FioUnits.parseSize("")).isInstanceOf(LiveRefusal.class);
        assertThatThrownBy(() -> FioUnits.parseSize("99999999999999p")).hasMessageContaining("too large");
    }

    @Test
    void timesDefaultToSeconds() {
        assertThat(FioUnits.parseTime("10")).isEqualTo(Duration.ofSeconds(10));
        assertThat(FioUnits.parseTime("10s")).isEqualTo(Duration.ofSeconds(10));
        assertThat(FioUnits.parseTime("500ms")).isEqualTo(Duration.ofMillis(500));
        assertThat(FioUnits.parseTime("2m")).isEqualTo(Duration.ofMinutes(2));
        assertThat(FioUnits.parseTime("250us")).isEqualTo(Duration.ofNanos(250_000));
        assertThatThrownBy(() -> FioUnits.parseTime("soon")).isInstanceOf(LiveRefusal.class);
    }

    @Test
    void formatsTheWayFioWritesSizes() {
        assertThat(FioUnits.formatSize(4096)).isEqualTo("4k");
        assertThat(FioUnits.formatSize(1 << 20)).isEqualTo("1m");
        assertThat(FioUnits.formatSize(3L << 30)).isEqualTo("3g");
        assertThat(FioUnits.formatSize(1000)).isEqualTo("1000");
        assertThat(FioUnits.humanBytes(1536L << 20)).isEqualTo("1.5 GiB");
    }
}
