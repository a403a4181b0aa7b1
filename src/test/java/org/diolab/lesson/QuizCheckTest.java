package org.diolab.lesson;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code check} and the quiz: a question is asked under the policy it is about; the narration keeps its answer. */
class QuizCheckTest {
    @TempDir
    Path dir;

    private Path lesson(String bundled, String from, String to) throws IOException {
        LessonFolder.copySources(dir);
        String text = Files.readString(Path.of("lessons", bundled + ".yaml"));
        assertThat(text).contains(from);
        Path f = dir.resolve(bundled + ".yaml");
        Files.writeString(f, text.replace(from, to));
        return f;
    }

    private static List<String> problems(Path f) {
        LessonLibrary lib = LessonLoader.checkPaths(List.of(f));
        return java.util.stream.Stream.concat(
                        lib.broken().stream().flatMap(b -> b.problems().stream()), lib.warnings().stream())
                .map(Problem::format)
                .toList();
    }

    @Test
    void asyncCsumPipeliningsThirdQuestionAsShippedBeforeIsRejected() throws IOException {
        // As the lesson was: "Under async-csum-no-wait, ..." with no policy, so "show me" played the default,
        // async-csum-no-saved-iter, where there is no use-after-free to see.
        Path f = lesson(
                "async-csum-pipelining",
                "    policy: async-csum-no-wait\n    question: Under async-csum-no-wait,",
                "    question: Under async-csum-no-wait,");
        int line = PrerequisitesTest.lineOf(f, "    question: Under async-csum-no-wait");
        assertThat(problems(f))
                .containsExactly(f + ":" + line + ":15: the question is about async-csum-no-wait but names no"
                        + " 'policy:', so the app asks it and \"show me\" plays it under async-csum-no-saved-iter,"
                        + " the lesson's default — add 'policy: async-csum-no-wait' to the question");
    }

    @Test
    void aQuestionWhoseStepOnlyAnotherPolicyTakesMustNameThatPolicy() throws IOException {
        // raid1-mirrors-diverge opens under zero-copy; only bounce copies the buffer
        Path f = lesson(
                "raid1-mirrors-diverge", "    at: leg1.dma\n    policy: zero-copy\n", "    at: app.bounce-copy\n");
        int line = PrerequisitesTest.lineOf(f, "    at: app.bounce-copy");
        assertThat(problems(f))
                .containsExactly(f + ":" + line + ":9: app.bounce-copy is taken only under bounce, but the question"
                        + " names no 'policy:', so \"show me\" plays it under zero-copy and never gets there — add"
                        + " 'policy: bounce' to the question");
    }

    @Test
    void aQuestionsStepMustBeReachedUnderItsOwnPolicy() throws IOException {
        Path f = lesson("raid1-mirrors-diverge", "    at: leg1.dma\n", "    at: leg1.dma#5\n");
        int line = PrerequisitesTest.lineOf(f, "    at: leg1.dma#5");
        assertThat(problems(f))
                .containsExactly(f + ":" + line + ":9: the run never reaches leg1.dma#5 under any of the lesson's"
                        + " policies — name a step the run takes (the number after # counts that actor's steps with"
                        + " the label)");
    }

    @Test
    void anAnswerTheNarrationGivesAwayBeforeTheQuestionIsAWarningNotAnError() throws IOException {
        Lesson raid1 = LessonLoader.loadBundled().find("raid1-mirrors-diverge").orElseThrow();
        QuizQuestion q = raid1.quiz().getFirst();
        String answer = q.choices().get(q.answer());
        assertThat(answer.split(" ").length).isGreaterThanOrEqualTo(3);
        // the intro now says the first question's answer outright
        Path f = lesson(
                "raid1-mirrors-diverge", "  intro:\n    text: >-\n", "  intro:\n    text: >-\n      " + answer + ".\n");
        LessonLibrary lib = LessonLoader.checkPaths(List.of(f));
        assertThat(lib.broken()).isEmpty();
        assertThat(lib.ids()).containsExactly("raid1-mirrors-diverge");
        assertThat(lib.warnings()).singleElement().satisfies(w -> {
            assertThat(w.warning()).isTrue();
            assertThat(w.format())
                    .startsWith(f + ":")
                    .contains(": warning: the answer (\"" + answer + "\") is in the intro, which the learner reads"
                            + " before the question — reword that narration, or ask the question before that step");
        });
    }

    @Test
    void theSameAnswerAfterTheQuestionsStepIsFine() throws IOException {
        Lesson raid1 = LessonLoader.loadBundled().find("raid1-mirrors-diverge").orElseThrow();
        QuizQuestion q = raid1.quiz().getFirst();
        String answer = q.choices().get(q.answer());
        Path f = lesson(
                "raid1-mirrors-diverge", "  outro:\n    text: >-\n", "  outro:\n    text: >-\n      " + answer + ".\n");
        assertThat(problems(f)).isEmpty();
    }

    @Test
    void everyBundledQuizIsAskedUnderThePolicyItIsAbout() {
        LessonLibrary lib = LessonLoader.checkBundled();
        assertThat(lib.broken()).isEmpty();
        assertThat(lib.warnings()).isEmpty();
    }
}
