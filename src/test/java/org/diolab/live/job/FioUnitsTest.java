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
    void aTimeOptionTakesWholeMillisecondsAndSaysSoInsteadOfShowingZero() {
        assertThat(FioUnits.parseTime("--runtime", "1500ms", Duration.ZERO, Duration.ofHours(1)))
                .isEqualTo(Duration.ofMillis(1500));
        assertThat(FioUnits.parseTime("--runtime", "2000us", Duration.ZERO, Duration.ofHours(1)))
                .isEqualTo(Duration.ofMillis(2));
        assertThatThrownBy(() -> FioUnits.parseTime("--runtime", "1us", Duration.ZERO, Duration.ofHours(1)))
                .isInstanceOf(LiveRefusal.class)
                .hasMessage("--runtime 1us is not a whole number of milliseconds, which is what DIO Lab counts time in"
                        + " (it would be shown and run as 0s); use 1ms or 0s");
        assertThatThrownBy(
                        () -> FioUnits.parseTime("--interval", "10500us", Duration.ofMillis(10), Duration.ofHours(1)))
                .hasMessageContaining("--interval 10500us is not a whole number of milliseconds")
                .hasMessageEndingWith("use 11ms or 10ms");
        // The range comes first: 199.999 ms is below a 200 ms minimum, whatever it would round to.
        assertThatThrownBy(() ->
                        FioUnits.parseTime("--runtime", "199999us", Duration.ofMillis(200), Duration.ofSeconds(1)))
                .hasMessage("--runtime 199999us is out of range; use 200ms to 1s");
        assertThat(FioUnits.wholeMillis(Duration.ofNanos(1))).isFalse();
        assertThat(FioUnits.wholeMillis(Duration.ofSeconds(3))).isTrue();
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
