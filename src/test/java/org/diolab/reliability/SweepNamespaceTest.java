package org.diolab.reliability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 12, defect 1: a run in another PID namespace (or just another process) keeps its files while a second run
 * starts in the same directory. The second run's sweep must leave them alone because their lock is held, whatever
 * process ids look like from here. Run A is then stopped with Ctrl-C and must say it was cancelled, not failed.
 */
class SweepNamespaceTest {
    @TempDir
    Path root;

    /** Long enough to outlive run B on a loaded machine; it is stopped with SIGINT once B has run. */
    private static final String[] RUN_A = {
        "bench",
        "--rw",
        "write",
        "--bs",
        "64k",
        "--size",
        "16m",
        "--runtime",
        "120s",
        "--mirrors",
        "2",
        "--verify",
        "--no-progress"
    };

    @Test
    void aRunInAnotherPidNamespaceKeepsItsFiles() throws Exception {
        assumeTrue(
                Forks.exec("unshare", "--pid", "--fork", "--kill-child", "--mount-proc", "true") == 0,
                "unshare --pid --fork --mount-proc does not work here (needs root or user namespaces)");
        secondRunLeavesTheFirstAlone(List.of("unshare", "--pid", "--fork", "--kill-child", "--mount-proc"));
    }

    @Test
    void aConcurrentRunKeepsItsFiles() throws Exception {
        secondRunLeavesTheFirstAlone(List.of());
    }

    private void secondRunLeavesTheFirstAlone(List<String> prefix) throws Exception {
        Path dir = Files.createDirectory(root.resolve("scratch"));
        Path errA = root.resolve("a.err");
        String[] args = new String[RUN_A.length + 2];
        args[0] = RUN_A[0];
        args[1] = "--dir";
        args[2] = dir.toString();
        System.arraycopy(RUN_A, 1, args, 3, RUN_A.length - 1);
        Process a = Forks.cli(prefix, errA, args);
        try {
            Forks.awaitDataFiles(dir, 2, a);
            assertThat(Forks.dataFiles(dir))
                    .as("run A laid out its mirrors; %s", Files.readString(errA))
                    .isEqualTo(2);
            List<String> filesOfA = Forks.entries(dir);

            Cli b = Cli.benchWrite(dir, "2m");
            assertThat(b.code()).as(b.err()).isZero();
            assertThat(b.err()).as("B removed nothing").doesNotContain("removed");
            assertThat(a.isAlive())
                    .as("A still runs; %s", Files.readString(errA))
                    .isTrue();
            assertThat(Forks.entries(dir))
                    .as("A's files are still there while A runs")
                    .containsAll(filesOfA);

            // unshare waits for its child and ignores SIGINT itself: Ctrl-C goes to the java process under it
            long javaPid = a.toHandle()
                    .descendants()
                    .mapToLong(ProcessHandle::pid)
                    .max()
                    .orElse(a.pid());
            assertThat(Forks.exec("kill", "-INT", Long.toString(javaPid))).isZero();
            assertThat(a.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(Files.readString(errA))
                    .as("A ended by the cancel, not by a failure")
                    .contains("dio-lab: cancelled; scratch files removed");
            assertThat(Forks.entries(dir)).isEmpty();
        } finally {
            a.destroyForcibly();
        }
    }
}
