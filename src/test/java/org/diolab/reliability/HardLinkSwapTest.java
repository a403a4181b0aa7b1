package org.diolab.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Map;
import org.diolab.live.job.CancelToken;
import org.diolab.live.job.JobSpec;
import org.diolab.live.job.Mode;
import org.diolab.live.job.ProgressListener;
import org.diolab.live.job.RunOptions;
import org.diolab.live.job.RwPattern;
import org.diolab.live.report.JobResult;
import org.diolab.live.run.LiveEngine;
import org.diolab.live.scratch.ScratchDir;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 12, defect 2, end to end: between two jobs of a session, every scratch file's name is replaced by a hard
 * link to a file outside (what anyone who can write a non-sticky shared directory can do). The second job must
 * still run on the session's own files, and no file outside the scratch directory may change (checked by hashes).
 */
class HardLinkSwapTest {
    @TempDir
    Path root;

    @Test
    void swappedNamesNeverLeadOutsideTheScratchFiles() throws IOException {
        Path scratch = Files.createDirectory(root.resolve("scratch"));
        Path outside = Files.createDirectory(root.resolve("outside"));
        for (int i = 0; i < 4; i++) {
            Files.writeString(outside.resolve("victim" + i + ".dat"), "precious " + i + "\n".repeat(i * 1000));
        }
        Map<String, String> before = TreeHashes.of(root, scratch);
        JobSpec write = JobSpec.builder()
                .name("swap")
                .rw(RwPattern.WRITE)
                .bs(64 << 10)
                .size(2 << 20)
                .numjobs(2)
                .mirrors(2)
                .mode(Mode.DIRECT)
                .verify(true)
                .build();
        RunOptions fast = new RunOptions(Duration.ofMillis(50));
        ScratchDir session = LiveEngine.openSession(scratch);
        try {
            LiveEngine.run(session, write, fast, ProgressListener.NONE, new CancelToken());
            int i = 0;
            for (Path f : session.files()) {
                Path tmp = scratch.resolve("swap.tmp");
                Files.createLink(tmp, outside.resolve("victim" + i++ + ".dat"));
                Files.move(tmp, f, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            }
            JobResult again = LiveEngine.run(session, write, fast, ProgressListener.NONE, new CancelToken());
            assertThat(again.races().verifyErrors()).isZero();
            JobResult reread = LiveEngine.run(
                    session,
                    write.toBuilder().rw(RwPattern.READ).build(),
                    fast,
                    ProgressListener.NONE,
                    new CancelToken());
            assertThat(reread.read().totalIos()).isPositive();
        } finally {
            try {
                session.close();
            } catch (IOException expected) {
                // the swapped-in links are not the session's files: they are left, and closing says so
            }
        }
        assertThat(TreeHashes.of(root, scratch)).isEqualTo(before);
    }
}
