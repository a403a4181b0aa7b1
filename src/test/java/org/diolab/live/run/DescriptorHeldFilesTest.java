package org.diolab.live.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import org.diolab.live.LiveTestSupport;
import org.diolab.live.calib.Calibration;
import org.diolab.live.calib.CalibrationStore;
import org.diolab.live.job.CancelToken;
import org.diolab.live.job.JobSpec;
import org.diolab.live.job.LiveFailure;
import org.diolab.live.job.Mode;
import org.diolab.live.job.ProgressListener;
import org.diolab.live.job.RwPattern;
import org.diolab.live.probe.EnvironmentProbe;
import org.diolab.live.report.JobResult;
import org.diolab.live.scratch.CleanupReport;
import org.diolab.live.scratch.ScratchDir;
import org.diolab.live.scratch.SweepReport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 12, defect 2: a scratch file is used through the descriptor that created it. A hard link to a file outside
 * renamed over its name after creation is never written, read or removed; a symlink at the calibration's temporary
 * name is never followed.
 */
class DescriptorHeldFilesTest {
    @TempDir
    Path root;

    /** Puts a hard link to {@code victim} in place of {@code name}, the way an attacker in a shared directory can. */
    static void swapInHardLink(Path name, Path victim) throws IOException {
        Path tmp = name.resolveSibling("swap.tmp");
        Files.createLink(tmp, victim);
        Files.move(tmp, name, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    @Test
    void writesGoToTheCreatedFileNotToAHardLinkRenamedOverIt() throws IOException {
        Path scratch = Files.createDirectory(root.resolve("scratch"));
        Path victim =
                Files.writeString(Files.createDirectory(root.resolve("outside")).resolve("victim.dat"), "precious");
        ScratchDir s = ScratchDir.open(scratch);
        try (Arena a = Arena.ofConfined()) {
            Path f = s.file("w0-m0");
            swapInHardLink(f, victim);
            MemorySegment buf = a.allocate(4096, 4096);
            buf.fill((byte) 'X');
            for (Mode mode : new Mode[] {Mode.BUFFERED, Mode.DIRECT}) {
                try (IoTarget t = IoTarget.open(f, mode, false)) {
                    t.write(buf, 0);
                    t.sync();
                }
            }
            try (org.diolab.sys.Fd nf = s.scratchFile(f).open(false, true)) {
                assertThat(nf.pwritev2(buf.address(), 4096, 0, 0)).isEqualTo(4096);
            }
            assertThat(s.scratchFile(f).size())
                    .as("our own inode got the writes")
                    .isEqualTo(4096);
            assertThatThrownBy(s::checkNames).isInstanceOf(LiveFailure.class).hasMessageContaining("replaced");
        } finally {
            CleanupReport r = s.cleanUp();
            assertThat(r.notRemoved())
                    .extracting(SweepReport.Left::why)
                    .anyMatch(w -> w.contains("now points at another file"));
        }
        assertThat(victim).hasContent("precious");
        try (var l = Files.list(scratch)) {
            assertThat(l.filter(p -> !p.getFileName().toString().endsWith(".lock"))
                            .toList())
                    .as("the swapped-in link stays where the attacker put it")
                    .hasSize(1);
        }
    }

    @Test
    void aJobRunsOnItsOwnFilesAfterTheirNamesWereSwapped() throws IOException {
        Path scratch = Files.createDirectory(root.resolve("scratch"));
        Path outside = Files.createDirectory(root.resolve("outside"));
        JobSpec job = LiveTestSupport.small().rw(RwPattern.WRITE).verify(true).build();
        Path victim = Files.writeString(outside.resolve("victim.dat"), "precious");
        ScratchDir s = ScratchDir.open(scratch);
        try {
            LiveEngine.run(s, job, LiveTestSupport.FAST, ProgressListener.NONE, new CancelToken());
            swapInHardLink(s.files().getFirst(), victim);
            JobResult again = LiveEngine.run(s, job, LiveTestSupport.FAST, ProgressListener.NONE, new CancelToken());
            assertThat(again.races().verifyBlocks()).isPositive();
            assertThat(again.races().verifyErrors()).isZero();
        } finally {
            s.cleanUp();
        }
        assertThat(victim).hasContent("precious");
    }

    @Test
    void aPathNoSessionCreatedIsNeverOpened() throws IOException {
        Path other = Files.writeString(root.resolve("not-ours"), "x");
        assertThatThrownBy(() -> IoTarget.open(other, Mode.BUFFERED, false))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("not a file of an open scratch session");
        assertThat(other).hasContent("x");
    }

    @Test
    void calibrationSaveNeverFollowsALinkAtTheTemporaryName() throws IOException {
        Path conf = Files.createDirectory(root.resolve("conf"));
        Path target = conf.resolve("calibration.json");
        Path victim = Files.writeString(root.resolve("victim.txt"), "precious");
        Files.createSymbolicLink(conf.resolve("calibration.json.tmp"), victim);
        Calibration c = new Calibration(Instant.EPOCH, 1, 2, 3, 4, 5, "/x", EnvironmentProbe.probe(root));
        CalibrationStore.save(c, target);
        assertThat(victim).hasContent("precious");
        assertThat(Files.isSymbolicLink(target)).isFalse();
        assertThat(CalibrationStore.load(target)).isPresent();
        assertThat(Files.readSymbolicLink(conf.resolve("calibration.json.tmp"))).isEqualTo(victim);
    }

    @Test
    void calibrationSaveReplacesASymlinkAtTheTargetInsteadOfWritingThroughIt() throws IOException {
        Path conf = Files.createDirectory(root.resolve("conf"));
        Path victim = Files.writeString(root.resolve("victim.txt"), "precious");
        Path target = Files.createSymbolicLink(conf.resolve("calibration.json"), victim);
        CalibrationStore.save(
                new Calibration(Instant.EPOCH, 1, 2, 3, 4, 5, "/x", EnvironmentProbe.probe(root)), target);
        assertThat(victim).hasContent("precious");
        assertThat(Files.isRegularFile(target, java.nio.file.LinkOption.NOFOLLOW_LINKS))
                .isTrue();
    }
}
