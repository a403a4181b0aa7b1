package org.diolab.app.quiz;

import static org.assertj.core.api.Assertions.assertThat;

import org.diolab.app.lesson.LessonViewModel;
import org.diolab.engine.Snapshot;
import org.diolab.engine.op.Policy;
import org.diolab.lesson.Lesson;
import org.diolab.lesson.QuizKind;
import org.junit.jupiter.api.Test;

/** The quiz holds the stage at its question's step, so the stage never shows the answer before it is checked. */
class QuizViewModelTest {
    private final Lesson lesson =
            org.diolab.TestLessons.bundled().find("raid1-mirrors-diverge").orElseThrow();
    private final LessonViewModel lessons = new LessonViewModel();
    private final QuizViewModel quiz = new QuizViewModel(lessons);

    @Test
    void openingTheQuizWaitsJustBeforeTheStepTheQuestionIsAbout() {
        lessons.open(lesson);
        lessons.last(); // the learner had played to the end: leg1 = 'BBBB' is on show
        quiz.enter();
        assertThat(quiz.answersProperty().get().getFirst().question().kind()).isEqualTo(QuizKind.PREDICT_NEXT);
        assertThat(lessons.policyProperty().get()).isEqualTo(Policy.ZERO_COPY);
        Snapshot shown = lessons.snapshotProperty().get();
        assertThat(shown.index()).isEqualTo(5);
        assertThat(shown.violations()).isEmpty();
        assertThat(lessons.traceProperty().get().get(6).event().actor())
                .as("the step asked about comes next")
                .isEqualTo("leg1");
        lessons.last();
        assertThat(lessons.indexProperty().get())
                .as("the stage does not give the answer away")
                .isEqualTo(5);
    }

    @Test
    void showMePlaysToTheAnswerOnlyAfterChecking() {
        lessons.open(lesson);
        quiz.enter();
        quiz.choose(0, 1);
        quiz.showMe(0);
        assertThat(lessons.playback().playingProperty().get())
                .as("not before checking")
                .isFalse();
        quiz.check(0);
        assertThat(quiz.answersProperty().get().getFirst().correct()).isTrue();
        quiz.showMe(0);
        assertThat(lessons.quizPin().pinProperty().get()).isNull();
        assertThat(lessons.playback().playingProperty().get()).isTrue();
        lessons.playback().tick();
        lessons.playback().tick();
        assertThat(lessons.indexProperty().get()).isEqualTo(6);
        assertThat(lessons.playback().playingProperty().get()).isFalse();
        assertThat(lessons.snapshotProperty().get().violates("mirrors-agree")).isTrue();
    }

    @Test
    void aQuestionWithoutAStepHoldsTheStageAtTheStartAndLeavingReleasesIt() {
        lessons.open(lesson);
        quiz.enter();
        quiz.choose(1, 0); // which-interleaving: the script itself is the answer
        assertThat(lessons.indexProperty().get()).isZero();
        assertThat(lessons.quizPin().pinProperty().get()).isNotNull();
        quiz.leave();
        assertThat(lessons.quizPin().pinProperty().get()).isNull();
        lessons.last();
        assertThat(lessons.indexProperty().get()).isEqualTo(22);
    }
}
