package org.diolab.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.diolab.cli.CliMain;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 24: every command ends with a report or a one-line refusal, whatever lesson it is given, in a JVM of 256 MiB:
 * 500 actors, 2,000 legs, 11,000 pages (an I/O of all of them, and one of 1,024 beside 11,000 declared), a folder of
 * 3,000 lessons. Each runs in a child JVM with {@code -Xmx256m}, so an OutOfMemoryError would be its own; what is
 * asserted is the outcome: which budget stopped the search, which refusal and why. The time bound is generous (the
 * machine is shared); it is only there to prove that nothing loops without end.
 */
class HostileInputsTest {
    private static final long BOUND_SECONDS = 170;
    /** Checking 3,000 lessons plays each under each policy: about a minute alone, several on a loaded machine. */
    private static final long FOLDER_BOUND_SECONDS = 600;

    @TempDir
    Path root;

    @Test
    void fiveHundredActorsAreExploredUntilABudgetStopsTheSearch() throws Exception {
        Path dir = HostileLessons.actors(root, 498);
        Outcome explore = run("explore", "actors-500", "--lessons", dir.toString());
        assertThat(explore.code).as(explore.toString()).isZero();
        assertThat(explore.out).contains("STOPPED").containsPattern("explored [\\d,]+ states");
        // more than 64 actors: searched without reduction, which the report then does not claim
        assertThat(explore.out).doesNotContain("partial-order reduction");
    }

    @Test
    void fiveHundredActorsArePlayedOrRefusedAndCheckedWithTheReason() throws Exception {
        Path dir = HostileLessons.actors(root, 498);
        Outcome play = run("play", "actors-500", "--lessons", dir.toString());
        assertThat(play.code).as(play.toString()).isEqualTo(2);
        assertThat(play.errLines).singleElement().asString().contains("too large to record");
        Outcome check = run("check", dir.toString());
        assertThat(check.code).as(check.toString()).isEqualTo(1);
        assertThat(check.out)
                .contains("playing under zero-copy failed: the run of actors-500 under zero-copy is too large")
                .contains("0 lesson(s) ok, 1 broken");
    }

    @Test
    void twoThousandLegsAreExploredUntilTheHeapGaugeOrABudgetStopsIt() throws Exception {
        Path dir = HostileLessons.legs(root, 2000);
        Outcome explore = run("explore", "legs-2000", "--lessons", dir.toString());
        assertThat(explore.code).as(explore.toString()).isZero();
        assertThat(explore.out).contains("STOPPED");
        Outcome play = run("play", "legs-2000", "--lessons", dir.toString());
        assertThat(play.code).as(play.toString()).isEqualTo(2);
        assertThat(play.errLines).singleElement().asString().contains("too large to record");
        Outcome check = run("check", dir.toString());
        assertThat(check.code).as(check.toString()).isEqualTo(1);
        assertThat(check.out).contains("too large to record").contains("0 lesson(s) ok, 1 broken");
    }

    @Test
    void anIoOfElevenThousandPagesIsRefusedWithWhereAndWhy() throws Exception {
        Path dir = HostileLessons.pages(root, 11_000, 11_000);
        assertThat(Files.size(dir.resolve("pages-11000-io-11001.yaml"))).isBetween(200_000L, 256L * 1024);
        String why = "'from' lists 11,001 pages; the simulator models I/Os of at most 1,024 pages (4 MiB)";
        for (String command : List.of("explore", "play")) {
            Outcome o = run(command, "pages-11000-io-11001", "--lessons", dir.toString());
            assertThat(o.code).as(o.toString()).isEqualTo(2);
            assertThat(o.errLines).singleElement().asString().contains(why);
        }
        Outcome check = run("check", dir.toString());
        assertThat(check.code).as(check.toString()).isEqualTo(1);
        assertThat(check.out)
                .containsPattern("pages-11000-io-11001.yaml:\\d+:\\d+: " + java.util.regex.Pattern.quote(why));
    }

    @Test
    void elevenThousandPagesBesideAnIoOfTheLargestSizeEndWithAReport() throws Exception {
        Path dir = HostileLessons.pages(root, 11_000, 1_023);
        String id = "pages-11000-io-1024";
        Outcome explore = run("explore", id, "--lessons", dir.toString());
        assertThat(explore.code).as(explore.toString()).isZero();
        assertThat(explore.out).contains("✗ mirrors-agree — shortest schedule, 6 steps:");
        Outcome play = run("play", id, "--lessons", dir.toString());
        assertThat(play.code).as(play.toString()).isZero();
        assertThat(play.out).contains("VIOLATED mirrors-agree at step 6");
        Outcome check = run("check", dir.toString());
        assertThat(check.code).as(check.toString()).isEqualTo(1);
        // the buffered fallback copies page by page: 1,024 instants of an 11,000-page world are too many to keep
        assertThat(check.out)
                .contains("playing under profile-fallback failed: the run of " + id + " under profile-fallback is too")
                .contains("0 lesson(s) ok, 1 broken");
    }

    @Test
    void aFolderOfThreeThousandLessonsIsCheckedInTheMemoryOfOne() throws Exception {
        Path dir = HostileLessons.many(root, 3000);
        Outcome check = run(FOLDER_BOUND_SECONDS, "check", dir.toString());
        assertThat(check.code).as(check.toString()).isZero();
        assertThat(check.out).contains("3000 lesson(s) ok, 0 broken");
    }

    /** What a child CLI printed and its exit code. */
    private record Outcome(int code, String out, List<String> errLines) {
        @Override
        public String toString() {
            return "exit " + code + ", stderr " + errLines + ", stdout ending "
                    + out.substring(Math.max(0, out.length() - 600));
        }
    }

    private Outcome run(String... args) throws IOException, InterruptedException {
        return run(BOUND_SECONDS, args);
    }

    private Outcome run(long boundSeconds, String... args) throws IOException, InterruptedException {
        Path out = Files.createTempFile(root, "out", ".txt");
        Path err = Files.createTempFile(root, "err", ".txt");
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m",
                "-Xshare:auto",
                "-cp",
                System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")),
                CliMain.class.getName()));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd)
                .redirectOutput(out.toFile())
                .redirectError(err.toFile())
                .start();
        boolean ended = p.waitFor(boundSeconds, TimeUnit.SECONDS);
        if (!ended) {
            p.destroyForcibly().waitFor();
        }
        assertThat(ended)
                .as("%s ended within %d s", String.join(" ", args), boundSeconds)
                .isTrue();
        List<String> errLines = Files.readAllLines(err).stream()
                .filter(l -> !l.startsWith("WARNING"))
                .toList();
        String stdout = Files.readString(out);
        assertThat(String.join("\n", errLines) + stdout)
                .as("no Java failure reaches the user")
                .doesNotContain("out of memory")
                .doesNotContain("OutOfMemoryError")
                .doesNotContain("internal error");
        return new Outcome(p.exitValue(), stdout, errLines);
    }
}
