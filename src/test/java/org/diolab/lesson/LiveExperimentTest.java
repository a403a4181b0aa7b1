package org.diolab.lesson;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A lesson's live experiment: baseline, repeats and each job's expectation, read and checked with positions. */
class LiveExperimentTest {
    @TempDir
    Path dir;

    private String raid1;

    @BeforeEach
    void copyLessons() throws IOException {
        raid1 = LessonFolder.copySourcesAndReadRaid1(dir);
    }

    private LessonLibrary load(String text) throws IOException {
        Files.writeString(dir.resolve("l.yaml"), text);
        return LessonLoader.load(dir);
    }

    private List<Problem> problems(String text) throws IOException {
        LessonLibrary lib = load(text);
        assertThat(lib.broken()).hasSize(1);
        return lib.broken().getFirst().problems();
    }

    @Test
    void theBundledRaid1ExperimentStatesItsBaselineRepeatsAndExpectations() throws IOException {
        LiveExperiment x = load(raid1).lessons().getFirst().live();
        assertThat(x.repeats()).isEqualTo(LiveExperiment.DEFAULT_REPEATS);
        assertThat(x.baselineJob().name()).isEqualTo("zero-copy 1 MiB writes");
        LiveExperiment.Expectation mirrors = x.jobs().get(0).expect();
        assertThat(mirrors.races()).isEqualTo(LiveExperiment.Races.SOME);
        assertThat(mirrors.bandwidth()).isNull();
        LiveExperiment.Expectation bounce = x.jobs().get(3).expect();
        assertThat(bounce.bandwidth()).isEqualTo(LiveExperiment.Direction.LOWER);
        assertThat(bounce.than()).isEqualTo("zero-copy 1 MiB writes");
        assertThat(bounce.because()).contains("copies every byte");
        assertThat(x.jobs().get(2).expect()).isNull();
    }

    @Test
    void withoutABaselineTheFirstJobIsIt() throws IOException {
        LiveExperiment x = load(raid1.replace("  baseline: zero-copy 1 MiB writes\n", ""))
                .lessons()
                .getFirst()
                .live();
        assertThat(x.baseline()).isNull();
        assertThat(x.baselineJob().name()).isEqualTo("zero-copy mirrors, buffer changing");
    }

    @Test
    void aBaselineOrThanThatNamesNoJobIsAProblemAtItsPlace() throws IOException {
        String text = raid1.replace("  baseline: zero-copy 1 MiB writes", "  baseline: zero-copy 1 MiB write");
        Problem p = problems(text).getFirst();
        assertThat(p.message()).contains("baseline 'zero-copy 1 MiB write' is not a job");
        assertThat(p.hint()).contains("zero-copy 1 MiB writes");
        assertThat(p.line()).isEqualTo(lineOf(text, "  baseline:"));

        String than = raid1.replace("than: \"zero-copy 1 MiB writes\"", "than: \"zero copy\"");
        assertThat(problems(than).getFirst().message()).contains("'than: zero copy' is not a job");
    }

    @Test
    void badDirectionsAndRepeatsAreNamedWithTheValidOnes() throws IOException {
        Problem p =
                problems(raid1.replace("bandwidth: lower", "bandwidth: slower")).getFirst();
        assertThat(p.message()).contains("'bandwidth' must be one of lower, higher, similar, found 'slower'");
        Problem r =
                problems(raid1.replace("\nlive:\n", "\nlive:\n  repeats: 0\n")).getFirst();
        assertThat(r.message()).contains("'repeats' must be 1 to 10");
        Problem e = problems(raid1.replace("races: none, ", "")).getFirst();
        assertThat(e.message()).contains("an expect needs 'bandwidth' or 'races'");
    }

    private static int lineOf(String text, String needle) {
        int at = text.indexOf(needle);
        return (int) text.substring(0, at).chars().filter(c -> c == '\n').count() + 1;
    }
}
