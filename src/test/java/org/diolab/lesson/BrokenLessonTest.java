package org.diolab.lesson;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Broken lesson files: each gives the right message at the right place, and never stops the others loading. */
class BrokenLessonTest {
    @TempDir
    Path dir;
    private String good;

    @BeforeEach
    void copyLessons() throws IOException {
        good = LessonSourcesCopy.intoAndReadRaid1(dir);
    }

    private Problem onlyProblem(String text) throws IOException {
        Files.writeString(dir.resolve("broken.yaml"), text);
        Files.writeString(dir.resolve("zz-good.yaml"), good.replace("id: raid1-mirrors-diverge", "id: still-fine"));
        LessonLibrary lib = LessonLoader.load(dir);
        assertThat(lib.ids()).as("the good file still loads").containsExactly("still-fine");
        assertThat(lib.broken()).hasSize(1);
        List<Problem> problems = lib.broken().getFirst().problems();
        assertThat(problems).as(problems.toString()).hasSize(1);
        return problems.getFirst();
    }

    private static int lineOf(String text, String needle) {
        int at = text.indexOf(needle);
        assertThat(at).as("fixture contains %s", needle).isGreaterThanOrEqualTo(0);
        return (int) text.substring(0, at).chars().filter(c -> c == '\n').count() + 1;
    }

    @Test
    void badYamlNamesTheLine() throws IOException {
        String text = good.replace("    legs: [leg0, leg1]", "    legs: [leg0, leg1");
        Problem p = onlyProblem(text);
        assertThat(p.message()).startsWith("not valid YAML");
        assertThat(p.line()).isBetween(lineOf(text, "legs: [leg0, leg1"), lineOf(text, "legs: [leg0, leg1") + 2);
        assertThat(p.format()).startsWith(dir.resolve("broken.yaml") + ":" + p.line() + ":");
    }

    @Test
    void unknownPolicyIsNamedWithTheValidOnes() throws IOException {
        String text = good.replace("  - id: bounce\n", "  - id: bounse\n");
        Problem p = onlyProblem(text);
        assertThat(p.message()).isEqualTo("unknown policy 'bounse'");
        assertThat(p.hint()).isEqualTo("did you mean 'bounce'?");
        assertThat(p.line()).isEqualTo(lineOf(text, "bounse"));
        assertThat(p.column()).isEqualTo(9);
    }

    @Test
    void aQuoteWithoutSourceIsRejected() throws IOException {
        String text = good.replace("    quote: Around 23% slower than true zero-copy, but still acceptable if you ask me.\n"
                + "    source: 003_cf655875e5a3f591.txt\n", "    quote: Around 23% slower than true zero-copy, but still acceptable if you ask me.\n");
        Problem p = onlyProblem(text);
        assertThat(p.message()).isEqualTo("narration.outro quotes without naming its 'source'");
        assertThat(p.line()).isEqualTo(lineOf(text, "    quote: Around 23%"));
    }

    @Test
    void aQuoteNotInTheSourceIsRejected() throws IOException {
        String text = good.replace("Wouldn't that cause two mirrors to differ", "Wouldn't that cause three mirrors to differ");
        Problem p = onlyProblem(text);
        assertThat(p.message()).startsWith("quote not found verbatim in 003_cf655875e5a3f591.txt: \"Wouldn't that cause three");
        assertThat(p.line()).isEqualTo(lineOf(text, "three mirrors"));
    }

    @Test
    void unknownActorInTheScheduleIsNamed() throws IOException {
        String text = good.replace("  - app2: store", "  - ap2: store");
        Problem p = onlyProblem(text);
        assertThat(p.message()).isEqualTo("unknown actor 'ap2' in schedule");
        assertThat(p.hint()).isEqualTo("did you mean 'app2'?");
        assertThat(p.line()).isEqualTo(lineOf(text, "ap2: store"));
    }

    @Test
    void aMisspeltKeyIsReportedWithASuggestion() throws IOException {
        String text = good.replace("\ngoal: ", "\ngaol: ");
        Files.writeString(dir.resolve("broken.yaml"), text);
        List<Problem> problems = LessonLoader.load(dir).broken().getFirst().problems();
        assertThat(problems).extracting(Problem::message)
                .containsExactlyInAnyOrder("a lesson file is missing 'goal'", "unknown key 'gaol' in a lesson file");
        assertThat(problems).filteredOn(p -> p.message().startsWith("unknown key")).singleElement()
                .satisfies(p -> assertThat(p.hint()).isEqualTo("did you mean 'goal'?"));
    }

    @Test
    void aWrongExpectationIsCaughtByPlayingTheLesson() throws IOException {
        String text = good.replace("  bounce: []", "  bounce: [mirrors-agree]");
        Problem p = onlyProblem(text);
        assertThat(p.message()).isEqualTo("under bounce the lesson promises [mirrors-agree] but the engine violates nothing");
        assertThat(p.line()).isEqualTo(lineOf(text, "  bounce: [mirrors-agree]"));
    }

    @Test
    void aPageThatDoesNotExistIsNamed() throws IOException {
        String text = good.replace("from: [B]", "from: [C]");
        Problem p = onlyProblem(text);
        assertThat(p.message()).isEqualTo("unknown page 'C'");
        assertThat(p.line()).isEqualTo(lineOf(text, "from: [C]"));
    }

    @Test
    void aStepLabelMissingUnderAPolicyIsRejected() throws IOException {
        String text = good.replace("  - app: submit", "  - app: pin");
        Problem p = onlyProblem(text);
        assertThat(p.message()).isEqualTo("actor 'app' takes no step 'pin' under bounce");
    }
}
