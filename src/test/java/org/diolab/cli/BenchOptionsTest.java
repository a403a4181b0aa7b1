package org.diolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.diolab.live.job.JobOption;
import org.diolab.live.job.JobOptions;
import org.junit.jupiter.api.Test;

/** bench's job options are the option table's: each with its spelling, label and help, right after --dir. */
class BenchOptionsTest {
    @Test
    void benchHelpListsEveryJobOptionOfTheTableInItsOrderAfterDir() {
        CliRun r = CliRun.of("bench", "--help");
        assertThat(r.code()).isZero();
        String help = r.out().replaceAll("\\s+", " ");
        int at = help.indexOf("--dir=DIR");
        assertThat(at).isPositive();
        for (JobOption o : JobOptions.commandLine()) {
            String spelled = o.takesValue() ? o.cli() + "=" + o.label() : o.cli();
            int next = help.indexOf(" " + spelled + " ", at);
            assertThat(next).as(spelled + " after the one before").isGreaterThan(at);
            assertThat(help.substring(next)).as(spelled).startsWith(" " + spelled + " " + firstWords(o.help()));
            at = next;
        }
        assertThat(help.indexOf(" --format=FMT ", at))
                .as("the output options come after the job's")
                .isGreaterThan(at);
    }

    private static String firstWords(String help) {
        String[] w = help.split(" ");
        return String.join(" ", List.of(w).subList(0, Math.min(3, w.length)));
    }
}
