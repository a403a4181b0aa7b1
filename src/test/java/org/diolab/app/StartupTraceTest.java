package org.diolab.app;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The start-up trace counts from when the process started, read from /proc against the uptime clock. */
class StartupTraceTest {
    @Test
    void theAgeIsTheUptimeLessTheStartTicks() {
        // A process named "(java) x" (a name may hold spaces and parentheses), started 3,657,110 ticks after boot.
        String stat =
                "23437 ((java) x) S 23435 23435 7118 0 -1 4194304 99 0 0 0 0 0 0 0 20 0 1 0 3657110 3133440 384 0";
        assertThat(StartupTrace.ageMs(stat, "36572.35 8802.60\n")).isEqualTo(1_250);
    }

    @Test
    void theCpuTimeIsUserPlusSystemTicks() {
        String stat =
                "23437 ((java) x) S 23435 23435 7118 0 -1 4194304 99 0 0 0 137 21 0 0 20 0 1 0 3657110 3133440 384 0";
        assertThat(StartupTrace.cpuMs(stat)).isEqualTo(1_580);
    }

    @Test
    void aProcessCannotBeYoungerThanNothing() {
        String stat = "1 (init) S 0 1 1 0 -1 4194560 0 0 0 0 0 0 0 0 20 0 1 0 500 0 0 0";
        assertThat(StartupTrace.ageMs(stat, "4.99 1.00")).isZero();
    }

    @Test
    void thisProcessStartedBeforeNowAndAfterBoot() throws Exception {
        String stat = java.nio.file.Files.readString(java.nio.file.Path.of("/proc/self/stat"));
        String uptime = java.nio.file.Files.readString(java.nio.file.Path.of("/proc/uptime"));
        long age = StartupTrace.ageMs(stat, uptime);
        long uptimeMs = (long) (Double.parseDouble(uptime.split(" ")[0]) * 1000);
        assertThat(age).isPositive().isLessThan(uptimeMs);
    }
}
