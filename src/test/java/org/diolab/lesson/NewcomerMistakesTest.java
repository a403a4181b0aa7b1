package org.diolab.lesson;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Mistakes a new author makes in a lesson written from the bundled RAID1 one, found by trying them: each is one
 * problem at its line that says what to do, not accepted silently, and not followed by false problems it caused.
 */
class NewcomerMistakesTest extends Raid1LessonEdits {
    /** The edited lesson checked alone. */
    @Override
    List<Problem> problems(String text) throws IOException {
        Files.writeString(dir.resolve("mine.yaml"), text);
        return problemsOfTheOneBroken(
                LessonLoader.checkPaths(List.of(dir.resolve("mine.yaml"))), "the edited lesson is broken");
    }

    private static String edit(String text, String from, String to) {
        assertThat(text).as("fixture contains %s", from).contains(from);
        return text.replace(from, to);
    }

    @Test
    void anEpilogueDateThatIsNoDayOfTheCalendarIsRefused() throws IOException {
        for (String when : List.of("2025-13-45", "2025-02-30", "2025-00")) {
            String text = edit(good, "when: \"2025-10-20\"", "when: \"" + when + "\"");
            Problem p = onlyProblem(text);
            assertThat(p.message()).as(when).contains("'when' must be").contains("found '" + when + "'");
            assertThat(p.line()).isEqualTo(lineOf(text, when));
        }
    }

    @Test
    void twoLiveJobsWithTheSameNameAreRefused() throws IOException {
        String text = edit(good, "- name: bounced 1 MiB writes", "- name: zero-copy 1 MiB writes");
        Problem p = onlyProblem(text);
        assertThat(p.message()).isEqualTo("two live jobs are named 'zero-copy 1 MiB writes'");
        assertThat(p.hint()).contains("own name");
    }

    @Test
    void aLiveJobWithWrongArgsIsOneProblemNotAlsoAMissingBaseline() throws IOException {
        String text = edit(good, "--size, 1g, --mode, direct", "--size, -1g, --mode, direct");
        Problem p = onlyProblem(text);
        assertThat(p.message())
                .isEqualTo("live job 'zero-copy 1 MiB writes' cannot run: --size: cannot read size '-1g'; write it"
                        + " like 4096, 4k, 1m or 2g");
    }

    @Test
    void aQuestionWithoutChoicesSaysSo() throws IOException {
        String text = edit(good, """
                    choices:
                      - "'AAAA': the bio captured the data when it was built"
                      - "'BBBB': the DMA reads B at the moment it runs"
                      - "Nothing yet: the pin makes T2's store wait"
                """, "    choices: []\n");
        Problem p = onlyProblem(text);
        assertThat(p.message()).isEqualTo("a question needs at least two choices, found 0");
    }

    @Test
    void aMisspeltOperationIsOneProblemNotAlsoEachOfItsKeys() throws IOException {
        Problem p = onlyProblem(edit(good, "dio_write: {bio: w1", "dio_writ: {bio: w1"));
        assertThat(p.message()).isEqualTo("unknown operation 'dio_writ'");
        assertThat(p.hint()).isEqualTo("did you mean 'dio_write'?");
    }

    @Test
    void aRepeatTooLargeIsOneProblemNotAlsoEveryLineNamingItsSteps() throws IOException {
        String text = edit(
                good,
                "      - store: {page: B, bytes: \"BBBB\"}",
                "      - repeat: {times: 1000, ops: [{store: {page: B, bytes: \"BBBB\"}}]}");
        Problem p = onlyProblem(text);
        assertThat(p.message()).isEqualTo("'times' must be between 1 and 16, found 1000");
    }

    @Test
    void aThreadMissingFromTheLessonsOwnSourcesFolderNamesThatFolder() throws IOException {
        Path mine = Files.createDirectories(dir.resolve("mine"));
        Files.writeString(mine.resolve("r1.yaml"), good);
        LessonLibrary lib = LessonLoader.checkPaths(List.of(mine));
        List<Problem> problems = lib.broken().getFirst().problems();
        assertThat(problems.getFirst().message())
                .isEqualTo("seed file '003_cf655875e5a3f591.txt' is not in " + mine.resolve("sources")
                        + java.io.File.separator);
        assertThat(problems.getFirst().hint()).startsWith("put the thread there as a .txt file");
        assertThat(problems).allSatisfy(p -> assertThat(p.message()).doesNotContain("lessons/sources"));
    }
}
