package org.diolab.app.quiz;

import static org.assertj.core.api.Assertions.assertThat;

import org.diolab.TestLessons;
import org.diolab.engine.Trace;
import org.diolab.lesson.Lesson;
import org.diolab.lesson.QuizKind;
import org.diolab.lesson.QuizQuestion;
import org.junit.jupiter.api.Test;

/** Every quiz question of the bundled lessons holds the stage where its answer is not yet on show. */
class QuizStopsTest {
    @Test
    void eachQuestionsStepIsInItsRunAndTheStageWaitsBeforeIt() {
        int pinned = 0;
        for (Lesson l : TestLessons.bundled().lessons()) {
            for (QuizQuestion q : l.quiz()) {
                QuizViewModel.Stop stop = QuizViewModel.stopOf(l, q);
                Trace t = l.play(stop.policy());
                assertThat(stop.waitAt()).as("%s: %s", l.id(), q.question()).isLessThan(stop.answerAt());
                assertThat(stop.answerAt()).isLessThan(t.size());
                if (q.at() != null) {
                    assertThat(q.at().indexIn(t))
                            .as(
                                    "%s: %s is in the run under %s",
                                    l.id(), q.at(), stop.policy().id())
                            .contains(stop.answerAt());
                    pinned++;
                }
            }
        }
        assertThat(pinned).as("predict-next questions that name their step").isGreaterThanOrEqualTo(16);
    }

    @Test
    void predictTheNextStateQuestionsNameTheirStep() {
        for (Lesson l : TestLessons.bundled().lessons()) {
            l.quiz().stream()
                    .filter(q -> q.kind() == QuizKind.PREDICT_NEXT && !l.id().equals("exclusive-pin-deadlock"))
                    .forEach(q -> assertThat(q.at())
                            .as("%s: %s", l.id(), q.question())
                            .isNotNull());
        }
    }
}
