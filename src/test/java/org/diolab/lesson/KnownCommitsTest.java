package org.diolab.lesson;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Commit ids and subjects in lessons are checked against sources/commits.yaml, the list of verified commits. */
class KnownCommitsTest {
    @TempDir
    Path dir;

    private String good;

    @BeforeEach
    void copySources() throws IOException {
        LessonFolder.copySources(dir);
        good = Files.readString(Path.of("lessons", "raid1-mirrors-diverge.yaml"));
    }

    private List<Problem> problems(String text) throws IOException {
        Files.writeString(dir.resolve("x.yaml"), text);
        LessonLibrary lib = LessonLoader.loadPaths(List.of(dir.resolve("x.yaml")));
        return lib.broken().isEmpty() ? List.of() : lib.broken().getFirst().problems();
    }

    @Test
    void anUnlistedCommitInAnyTextIsReportedWhereItIsWritten() throws IOException {
        String text = good.replace("The pin is dropped.", "The pin is dropped (see 4adc13ed7c28).");
        assertThat(text).isNotEqualTo(good);
        List<Problem> p = problems(text);
        assertThat(p).singleElement().satisfies(pr -> {
            assertThat(pr.message()).isEqualTo("commit 4adc13ed7c28 is not in sources/commits.yaml");
            assertThat(pr.line()).isEqualTo(BrokenLessonTest.lineOf(text, "The pin is dropped"));
        });
    }

    @Test
    void anEpilogueSubjectMustBeTheListedOne() throws IOException {
        String text = good.replace(
                "subject: \"btrfs: fallback to buffered IO if the data profile has duplication\"",
                "subject: \"btrfs: fall back to buffered IO on duplicated profiles\"");
        assertThat(text).isNotEqualTo(good);
        assertThat(problems(text))
                .isNotEmpty()
                .allSatisfy(pr -> assertThat(pr.message())
                        .isEqualTo("commit 7c2830f00c3e is \"btrfs: fallback to buffered IO if the data profile has"
                                + " duplication\""));
    }

    @Test
    void datesAndMessageIdsAreNotMistakenForCommitsAndListedIdsPass() throws IOException {
        String text = good.replace(
                "The pin is dropped.", "The pin is dropped (20191212055557, 968f19c5b1b7fa, 7c2830f00c3e).");
        assertThat(problems(text)).isEmpty();
    }

    @Test
    void aFolderWithoutTheListIsNotJudged() throws IOException {
        Files.delete(dir.resolve("sources").resolve(KnownCommits.FILE));
        assertThat(problems(good.replace("The pin is dropped.", "The pin is dropped (see 4adc13ed7c28).")))
                .isEmpty();
    }
}
