package org.diolab.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.diolab.live.fio.FioBridge;
import org.diolab.live.job.JobOption;
import org.diolab.live.job.JobOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 12, defects 5 and 6 (CLI side): numbers that do not fit are refusals with their range, exit 2, one line,
 * before any file is laid out; odd directories are refusals; an unexpected error is one line unless --debug.
 */
class OneLineErrorsTest {
    @TempDir
    Path dir;

    private void assertRefusedInOneLine(CliRun r, String... contains) throws IOException {
        assertThat(r.code()).as(r.err()).isEqualTo(2);
        assertThat(r.err())
                .startsWith("dio-lab: ")
                .hasLineCount(1)
                .doesNotContain("Exception")
                .doesNotContain("\tat ");
        for (String c : contains) {
            assertThat(r.err()).contains(c);
        }
        try (Stream<Path> s = Files.list(dir)) {
            assertThat(s.filter(p -> p.getFileName().toString().startsWith(".dio-lab-")))
                    .as("nothing laid out")
                    .isEmpty();
        }
    }

    @Test
    void numbersOutOfRangeAreRefusalsWithTheirRange() throws IOException {
        List<String[]> cases = List.of(
                new String[] {"--bs", "99999999999999999999", "use 1 to 256m"},
                new String[] {"--runtime", "99999999999999999999", "use 0s to 720h"},
                new String[] {"--runtime", "9999999999999999h", "use 0s to 720h"},
                new String[] {"--runtime", "10000000000s", "use 0s to 720h"},
                new String[] {"--interval", "9999999999999999h", "use 10ms to 1h"},
                new String[] {"--size", "99999999999p", "use 1 to 1p"},
                new String[] {"--numjobs", "99999999999", "use 1 to 64"},
                new String[] {"--mirrors", "-1", "use 1 to 8"},
                new String[] {"--rwmixread", "101", "use 0 to 100"},
                new String[] {"--randseed", "99999999999999999999999", "out of range"},
                new String[] {"--vs-fio", "9999999999", "use 1 to 100"});
        for (String[] c : cases) {
            CliRun r = CliRun.of("bench", "--dir", dir.toString(), "--rw", "write", c[0], c[1], "--no-progress");
            assertRefusedInOneLine(r, c[0] + " " + c[1] + " is out of range", c[2]);
        }
    }

    @Test
    void jobFileNumbersAndEmptyDirectoryAreRefusalsWithTheirLine() throws IOException {
        Path job = Files.writeString(dir.resolve("j.fio"), "[j]\nrw=write\nruntime=99999999999999999999\ntime_based\n");
        assertRefusedInOneLine(
                CliRun.of("bench", "--dir", dir.toString(), job.toString()), "j.fio:3: runtime", "use 0s to 720h");
        Path empty = Files.writeString(dir.resolve("e.fio"), "[global]\ndirectory=\n[j]\nrw=read\n");
        assertRefusedInOneLine(CliRun.of("bench", empty.toString()), "e.fio:2: directory= is empty");
        Path numjobs = Files.writeString(dir.resolve("n.fio"), "[j]\nnumjobs=99999999999\n");
        assertRefusedInOneLine(
                CliRun.of("bench", "--dir", dir.toString(), numjobs.toString()), "n.fio:2:", "use 1 to 64");
        CliRun missing = CliRun.of("bench", dir.resolve("nope.fio").toString());
        assertRefusedInOneLine(missing, "cannot read job file " + dir.resolve("nope.fio") + ": no such file");
    }

    @Test
    void oddDirectoriesAreRefusals() throws IOException {
        Path dangling = Files.createSymbolicLink(dir.resolve("dangling"), dir.resolve("gone"));
        assertRefusedInOneLine(CliRun.of("bench", "--dir", dangling.toString()), "symbolic link", "does not exist");
        assertRefusedInOneLine(CliRun.of("bench", "--dir", ""), "no scratch directory given");
        assertRefusedInOneLine(CliRun.of("calibrate", "--dir", "", "--no-save"), "no scratch directory given");
    }

    @Test
    void anUnsupportedJobFileOptionListsEverySupportedOneWhole() throws IOException {
        Path job = Files.writeString(dir.resolve("u.fio"), "[j]\nrw=read\nbogus_opt=1\n");
        CliRun r = CliRun.of("bench", "--dir", dir.toString(), job.toString());
        assertRefusedInOneLine(r, "u.fio:3: option 'bogus_opt' is not supported; supported: rw, ");
        // The list arrives whole, not cut at 500 characters mid-word: its last supported key ends the line.
        String lastKey = JobOptions.ALL.stream()
                .filter(o -> o.inFiles() == JobOption.InFiles.APPLY)
                .map(JobOption::key)
                .reduce((a, b) -> b)
                .orElseThrow();
        assertThat(r.err().strip())
                .hasSizeGreaterThan(500)
                .doesNotEndWith("...")
                .endsWith(", " + lastKey);
    }

    @Test
    void unknownOptionsAreOneLine() throws IOException {
        assertRefusedInOneLine(CliRun.of("bench", "--frobnicate"), "Unknown option", "dio-lab bench --help");
    }

    @Test
    void aHugeBufferSetIsRefusedSayingHowMuchItNeeds() throws IOException {
        CliRun r = CliRun.of(
                "bench",
                "--dir",
                dir.toString(),
                "--numjobs",
                "64",
                "--bs",
                "256m",
                "--size",
                "256m",
                "--mode",
                "bounce",
                "--rw",
                "write",
                "--no-progress");
        assumeTrue(r.code() != 0, "this machine has more than 64 GiB of memory available");
        assertRefusedInOneLine(r, "needs 32.", "of I/O buffers", "lower --bs or --numjobs");
    }

    @Test
    void noLessonsLoadedIsSaidSo() throws IOException {
        CliRun r = CliRun.of("play", "x", "--lessons", dir.toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("no lesson loaded from " + dir).doesNotContain("Lessons: .");
    }

    @Test
    void anInternalErrorIsOneLineWithoutDebugAndATraceWith() {
        StringWriter plain = new StringWriter();
        int code = new TopLevelErrors(false)
                .handle(new IllegalStateException("boom\nsecond line"), new PrintWriter(plain));
        assertThat(code).isEqualTo(1);
        assertThat(plain.toString())
                .isEqualTo("dio-lab: internal error: IllegalStateException: boom — this is a bug"
                        + " in DIO Lab; run again with --debug for the stack trace" + System.lineSeparator());
        StringWriter debug = new StringWriter();
        new TopLevelErrors(true).handle(new IllegalStateException("boom"), new PrintWriter(debug));
        assertThat(debug.toString()).contains("\tat org.diolab.cli.OneLineErrorsTest");
        assertThat(CliRun.of("--debug", "lessons").code()).isZero();
        assertThat(CliRun.of("lessons", "--debug").code()).isZero();
    }

    @Test
    void vsFioWorksOnAPathWithAColon() throws IOException {
        assumeTrue(FioBridge.locateFio().isPresent(), "fio is not installed");
        Path colon = Files.createDirectory(dir.resolve("a:b"));
        CliRun r = CliRun.of(
                "bench",
                "--dir",
                colon.toString(),
                "--rw",
                "read",
                "--bs",
                "64k",
                "--size",
                "4m",
                "--runtime",
                "300ms",
                "--vs-fio",
                "1",
                "--no-progress");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("fio");
        try (Stream<Path> s = Files.list(colon)) {
            assertThat(s).isEmpty();
        }
    }
}
