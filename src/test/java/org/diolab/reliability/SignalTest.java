package org.diolab.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 12, defect 6: a running {@code bench} stopped by SIGINT, SIGTERM or SIGHUP removes its files, says so on
 * stderr every time, and exits with the code docs/cli.md documents (128 + the signal: 130, 143, 129). The three runs
 * go at once, to keep the suite short.
 */
class SignalTest {
    @TempDir
    Path root;

    private static final Map<String, Integer> EXIT = Map.of("INT", 130, "TERM", 143, "HUP", 129);

    @Test
    void everySignalCleansUpSaysSoAndExitsWithItsCode() throws Exception {
        List<String> signals = List.of("INT", "TERM", "HUP");
        List<Process> runs = new ArrayList<>();
        List<Path> dirs = new ArrayList<>();
        try {
            for (String sig : signals) {
                Path dir = Files.createDirectory(root.resolve(sig));
                dirs.add(dir);
                runs.add(Forks.cli(
                        List.of(),
                        root.resolve(sig + ".err"),
                        "bench",
                        "--dir",
                        dir.toString(),
                        "--rw",
                        "randrw",
                        "--bs",
                        "64k",
                        "--size",
                        "8m",
                        "--mirrors",
                        "2",
                        "--runtime",
                        "60s",
                        "--no-progress"));
            }
            for (int i = 0; i < signals.size(); i++) {
                Forks.awaitDataFiles(dirs.get(i), 2, runs.get(i));
                assertThat(Forks.dataFiles(dirs.get(i)))
                        .as(Files.readString(root.resolve(signals.get(i) + ".err")))
                        .isEqualTo(2);
            }
            Thread.sleep(300); // into the measured phase
            for (int i = 0; i < signals.size(); i++) {
                assertThat(Forks.exec(
                                "kill",
                                "-" + signals.get(i),
                                Long.toString(runs.get(i).pid())))
                        .isZero();
            }
            for (int i = 0; i < signals.size(); i++) {
                String sig = signals.get(i);
                assertThat(runs.get(i).waitFor(60, TimeUnit.SECONDS))
                        .as("SIG" + sig + " ends the run")
                        .isTrue();
                String err = Files.readString(root.resolve(sig + ".err"));
                assertThat(runs.get(i).exitValue())
                        .as("exit code after SIG" + sig + "; " + err)
                        .isEqualTo(EXIT.get(sig));
                assertThat(err).as("SIG" + sig).contains("dio-lab: cancelled; scratch files removed");
                assertThat(Forks.entries(dirs.get(i))).as("SIG" + sig).isEmpty();
            }
        } finally {
            runs.forEach(Process::destroyForcibly);
        }
    }
}
