package org.diolab.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.javafx.application.ParametersImpl;
import org.junit.jupiter.api.Test;

/** The read begun at the launch takes the start options from the arguments as JavaFX will hand them to start(). */
class LaunchArgsTest {
    @Test
    void theNamedParametersAreJavaFxsOwn() {
        String[][] cases = {
            {"--present=raid1-mirrors-diverge", "--policy=bounce", "--step=6"},
            {"--lessons=/home/u/my lessons", "--lecture=talk=1.txt"},
            {"present", "--x", "--=y", "-a=b", "--step="},
            {},
        };
        for (String[] args : cases) {
            assertThat(DioLabApp.named(args)).as(String.join(" ", args)).isEqualTo(new ParametersImpl(args).getNamed());
        }
    }

    @Test
    void theOptionsOfTheLaunchAreThoseTheStartSees() {
        String[] args = {"--present=exclusive-pin-deadlock", "--step=5"};
        assertThat(StartOptions.of(DioLabApp.named(args)))
                .isEqualTo(StartOptions.of(new ParametersImpl(args).getNamed()))
                .extracting(StartOptions::present, StartOptions::step)
                .containsExactly("exclusive-pin-deadlock", 5);
    }
}
