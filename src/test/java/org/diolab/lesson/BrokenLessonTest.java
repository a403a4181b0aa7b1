package org.diolab.lesson;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Broken lesson files: each gives the right message at the right place, and never stops the others loading. */
class BrokenLessonTest extends Raid1LessonEdits {
    /** The edited lesson beside a good one: it is the one broken file, and the good one still loads. */
    @Override
    List<Problem> problems(String text) throws IOException {
        Files.writeString(dir.resolve("broken.yaml"), text);
        Files.writeString(dir.resolve("zz-good.yaml"), good.replace("id: raid1-mirrors-diverge", "id: still-fine"));
        LessonLibrary lib = LessonLoader.checkPaths(List.of(dir));
        assertThat(lib.ids()).as("the good file still loads").containsExactly("still-fine");
        return problemsOfTheOneBroken(lib, "the broken file");
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
        Problem p = onlyProblemAt(text, "unknown policy 'bounse'", "bounse");
        assertThat(p.hint()).isEqualTo("did you mean 'bounce'?");
        assertThat(p.column()).isEqualTo(9);
    }

    @Test
    void aQuoteWithoutSourceIsRejected() throws IOException {
        String text = good.replace(
                "    quote: Around 23% slower than true zero-copy, but still acceptable if you ask me.\n"
                        + "    source: 003_cf655875e5a3f591.txt\n",
                "    quote: Around 23% slower than true zero-copy, but still acceptable if you ask me.\n");
        onlyProblemAt(text, "narration.outro quotes without naming its 'source'", "    quote: Around 23%");
    }

    @Test
    void aQuoteNotInTheSourceIsRejected() throws IOException {
        String text = good.replace("Around 23% slower than true zero-copy", "Around 24% slower than true zero-copy");
        Problem p = onlyProblem(text);
        assertThat(p.message()).startsWith("quote not found verbatim in 003_cf655875e5a3f591.txt: \"Around 24%");
        assertThat(p.line()).isEqualTo(lineOf(text, "Around 24%"));
    }

    @Test
    void aQuoteTheSpeakerDidNotWriteIsRejectedWithTheRealAuthor() throws IOException {
        String text = good.replace(
                "    quote: Around 23% slower than true zero-copy, but still acceptable if you ask me.\n"
                        + "    source: 003_cf655875e5a3f591.txt\n    speaker: Qu Wenruo\n",
                "    quote: Around 23% slower than true zero-copy, but still acceptable if you ask me.\n"
                        + "    source: 003_cf655875e5a3f591.txt\n    speaker: Christoph Hellwig\n");
        Problem p = onlyProblemAt(
                text,
                "these are not Christoph Hellwig's words in 003_cf655875e5a3f591.txt: Qu Wenruo wrote them",
                "speaker: Christoph Hellwig");
        assertThat(p.hint()).isEqualTo("set 'speaker: Qu Wenruo'");
    }

    @Test
    void wordsASpeakerOnlyQuotesAreNotTheirs() throws IOException {
        // Hellwig quotes Qu's RFC line ("> There is a bug report ...") in his reply: the words are still Qu's.
        String text = good.replace("    speaker: Qu Wenruo\n  outro:", "    speaker: Christoph Hellwig\n  outro:");
        Problem p = onlyProblem(text);
        assertThat(p.message()).contains("not Christoph Hellwig's words").contains("Qu Wenruo wrote them");
    }

    @Test
    void aQuoteReusedOnAStepAboutAnotherSubjectIsFlagged() throws IOException {
        String text = good.replace("""
                      quote: >-
                        Considering the zero-copy direct IO (and the fact XFS/EXT4 even allows modifying the page cache when it's
                        still under writeback) can lead to raid mirror contents mismatch
                """, """
                      quote: Wouldn't that cause two mirrors to differ from each other due to timing difference?
                """);
        assertThat(text).isNotEqualTo(good);
        Problem p = onlyProblem(text);
        assertThat(p.message())
                .startsWith("the quote is about buffered-writeback")
                .endsWith("but under zero-copy this step is direct-write");
        assertThat(p.line()).isEqualTo(lineOf(text, "    - at: leg1.dma#1\n      policy: zero-copy"));
    }

    @Test
    void unknownActorInTheScheduleIsNamed() throws IOException {
        String text = good.replace("  - app2: store", "  - ap2: store");
        Problem p = onlyProblemAt(text, "unknown actor 'ap2' in schedule", "ap2: store");
        assertThat(p.hint()).isEqualTo("did you mean 'app2'?");
    }

    @Test
    void aMisspeltKeyIsReportedWithASuggestion() throws IOException {
        String text = good.replace("\ngoal: ", "\ngaol: ");
        List<Problem> problems = problems(text);
        assertThat(problems)
                .extracting(Problem::message)
                .containsExactlyInAnyOrder("a lesson file is missing 'goal'", "unknown key 'gaol' in a lesson file");
        assertThat(problems)
                .filteredOn(p -> p.message().startsWith("unknown key"))
                .singleElement()
                .satisfies(p -> assertThat(p.hint()).isEqualTo("did you mean 'goal'?"));
    }

    @Test
    void aWrongExpectationIsCaughtByCheckButTheLessonStillLoadsAndPlays() throws IOException {
        String text = good.replace("  bounce: []", "  bounce: [mirrors-agree]");
        onlyProblemAt(
                text,
                "under bounce the lesson promises [mirrors-agree] but the engine violates nothing",
                "  bounce: [mirrors-agree]");
        LessonLibrary loaded = LessonLoader.load(dir);
        assertThat(loaded.broken()).as("loading does not play").isEmpty();
        Lesson l = loaded.find("raid1-mirrors-diverge").orElseThrow();
        assertThat(l.play(org.diolab.engine.op.Policy.ZERO_COPY).violatedInvariants())
                .containsExactly("mirrors-agree");
    }

    @Test
    void aPageThatDoesNotExistIsNamed() throws IOException {
        String text = good.replace("from: [B]", "from: [C]");
        onlyProblemAt(text, "unknown page 'C'", "from: [C]");
    }

    @Test
    void aStepLabelMissingUnderAPolicyNamesWhereItHappensNotTheSameName() throws IOException {
        String text = good.replace("  - app: submit", "  - app: pin");
        Problem p = onlyProblem(text);
        assertThat(p.message()).isEqualTo("actor 'app' takes no step 'pin' under profile-fallback");
        assertThat(p.hint())
                .startsWith("'pin' happens only under zero-copy, bounce: add 'policy: [zero-copy, bounce]' to the line")
                .doesNotContain("did you mean 'pin'");
    }

    @Test
    void aPerPolicyScheduleLineAppliesOnlyThere() throws IOException {
        String text = good.replace("  - app: submit", "  - {app: pin, policy: [zero-copy, bounce]}\n  - app: submit");
        Files.writeString(dir.resolve("fine.yaml"), text);
        assertThat(LessonLoader.checkPaths(List.of(dir.resolve("fine.yaml"))).broken())
                .isEmpty();
    }

    @Test
    void anUnknownLegDoesNotHideTheErrorsAfterIt() throws IOException {
        String text = good.replace("block: 0, leg: leg1}", "block: 0, leg: leg9}")
                .replace("  - app2: store", "  - ap2: store")
                .replace("  - at: app.end-io", "  - at: app.end-oi");
        List<Problem> problems = problems(text);
        assertThat(problems)
                .extracting(Problem::message)
                .containsExactly(
                        "unknown leg 'leg9'",
                        "unknown actor 'ap2' in schedule",
                        "actor 'app' has no step 'end-oi' under any policy");
    }

    @Test
    void aDeviceLineWithNothingQueuedIsAnError() throws IOException {
        String text = good.replace("schedule:\n  - app: submit", "schedule:\n  - leg1\n  - app: submit");
        onlyProblemAt(
                text,
                "'leg1' has nothing queued when this line runs under zero-copy, so the line does nothing",
                "  - leg1\n");
    }

    @Test
    void aPolicyThatDoesNotFitTheFileSystemIsRejected() throws IOException {
        String text = good.replace("  fs: btrfs\n", "  fs: ext4\n").replace("  file: {nodatasum: true}\n", "");
        Problem p = onlyProblem(text);
        assertThat(p.message()).isEqualTo("'profile-fallback' is btrfs behaviour, but the lesson's fs is ext4");
    }
}
