package org.diolab.lesson;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * For tests that edit a copy of the bundled RAID1 lesson in a temporary lessons folder and read back its problems:
 * the folder, the lesson's good text, and the checks they share. Each test says how it checks an edited text.
 */
abstract class Raid1LessonEdits {
    @TempDir
    Path dir;

    /** The bundled RAID1 lesson's text, for the test to edit. */
    String good;

    @BeforeEach
    void copyLessons() throws IOException {
        good = LessonFolder.copySourcesAndReadRaid1(dir);
    }

    /** The problems the edited lesson {@code text} has, found the way this test checks lessons. */
    abstract List<Problem> problems(String text) throws IOException;

    /** The edited lesson's only problem. */
    final Problem onlyProblem(String text) throws IOException {
        List<Problem> problems = problems(text);
        assertThat(problems).as(problems.toString()).hasSize(1);
        return problems.getFirst();
    }

    /** The edited lesson's only problem, which says {@code message} at the line where {@code needle} starts. */
    final Problem onlyProblemAt(String text, String message, String needle) throws IOException {
        Problem p = onlyProblem(text);
        assertThat(p.message()).isEqualTo(message);
        assertThat(p.line()).isEqualTo(lineOf(text, needle));
        return p;
    }

    /** The problems of the one broken lesson in {@code lib} ({@code which} says which one it should be). */
    static List<Problem> problemsOfTheOneBroken(LessonLibrary lib, String which) {
        assertThat(lib.broken()).as(which).hasSize(1);
        return lib.broken().getFirst().problems();
    }

    /** The 1-based line of {@code text} where {@code needle} starts. */
    static int lineOf(String text, String needle) {
        int at = text.indexOf(needle);
        assertThat(at).as("fixture contains %s", needle).isGreaterThanOrEqualTo(0);
        return (int) text.substring(0, at).chars().filter(c -> c == '\n').count() + 1;
    }
}
