package org.diolab.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 12, defect 6: the scratch directory made immutable during a run. The run finishes, its measurement is still
 * printed, and stderr says which files could not be removed instead of "(scratch files removed)"; exit 1.
 */
class CleanupTruthTest {
    @TempDir
    Path dir;

    private static int exec(String... cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        p.getInputStream().readAllBytes();
        return p.waitFor(10, TimeUnit.SECONDS) ? p.exitValue() : -1;
    }

    private long dataFiles() throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().matches("\\.dio-lab-[0-9a-f]{12}-4m-w0-m0"))
                    .count();
        }
    }

    @Test
    void filesThatStayAreNamedAndTheMeasurementIsStillPrinted() throws Exception {
        assumeTrue("root".equals(System.getProperty("user.name")), "needs root to make a directory immutable");
        assumeTrue(exec("chattr", "-i", dir.toString()) == 0, "chattr does not work on this filesystem");
        CompletableFuture<CliRun> run = CompletableFuture.supplyAsync(() -> CliRun.of(
                "bench",
                "--dir",
                dir.toString(),
                "--name",
                "stuck",
                "--rw",
                "write",
                "--bs",
                "64k",
                "--size",
                "4m",
                "--runtime",
                "2s",
                "--no-progress"));
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (dataFiles() == 0 && !run.isDone() && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            assertThat(dataFiles()).as("the run created its file").isEqualTo(1);
            assertThat(exec("chattr", "+i", dir.toString())).isZero();
            CliRun r = run.get(60, TimeUnit.SECONDS);
            assertThat(r.code()).as(r.err()).isEqualTo(1);
            assertThat(r.out())
                    .as("the finished measurement")
                    .contains("stuck: (rw=write")
                    .contains("write: IOPS=");
            assertThat(r.err())
                    .contains("could not remove 2 scratch file(s)")
                    .contains("-w0-m0")
                    .contains(".lock")
                    .contains("operation not permitted")
                    .doesNotContain("scratch files removed")
                    .hasLineCount(1);
        } finally {
            exec("chattr", "-i", dir.toString());
            run.get(60, TimeUnit.SECONDS);
        }
    }
}
