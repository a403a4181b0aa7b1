package org.diolab.app.quiz;

import java.util.ArrayList;
import java.util.List;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import org.diolab.app.lesson.LessonViewModel;
import org.diolab.engine.Trace;
import org.diolab.engine.op.Policy;
import org.diolab.lesson.Lesson;
import org.diolab.lesson.QuizQuestion;

/**
 * The lesson's quiz: the learner's answers, which were right, the score. Answers stay hidden until checked, and so
 * does the stage: while the quiz is open, the stage waits at the step the current question is about (just before
 * {@code at}, or at the start), and "show me" plays on to the answer once the learner has checked.
 */
public final class QuizViewModel {
    /** One question as shown: the learner's choice (-1: none yet) and whether it was checked. */
    public record Answer(QuizQuestion question, int chosen, boolean checked) {
        public boolean correct() {
            return checked && chosen == question.answer();
        }
    }

    /** Where a question holds the stage, and the step that shows its answer. */
    record Stop(Policy policy, int waitAt, int answerAt) {}

    private final LessonViewModel lessons;
    private final ReadOnlyObjectWrapper<List<Answer>> answers = new ReadOnlyObjectWrapper<>(List.of());
    private final ReadOnlyIntegerWrapper score = new ReadOnlyIntegerWrapper(0);
    private final ReadOnlyIntegerWrapper current = new ReadOnlyIntegerWrapper(-1);
    private boolean open;

    public QuizViewModel(LessonViewModel lessons) {
        this.lessons = lessons;
        lessons.lessonProperty().addListener((o, a, l) -> reset(l));
        if (lessons.lessonProperty().get() != null) {
            reset(lessons.lessonProperty().get()); // made once the Quiz tab opens: the lesson is on show already
        }
    }

    public ReadOnlyObjectProperty<List<Answer>> answersProperty() {
        return answers.getReadOnlyProperty();
    }

    public ReadOnlyIntegerProperty scoreProperty() {
        return score.getReadOnlyProperty();
    }

    /** The question the stage is held for (-1: none). */
    public ReadOnlyIntegerProperty currentProperty() {
        return current.getReadOnlyProperty();
    }

    /** The learner opened the quiz: hold the stage for the first question not yet checked. */
    public void enter() {
        open = true;
        List<Answer> list = answers.get();
        int first = 0;
        while (first < list.size() && list.get(first).checked()) {
            first++;
        }
        focus(first < list.size() ? first : -1);
    }

    /** The learner left the quiz: the stage is theirs again. */
    public void leave() {
        open = false;
        current.set(-1);
        lessons.quizPin().unpin();
    }

    public void choose(int question, int choice) {
        update(question, new Answer(answers.get().get(question).question(), choice, false));
        focus(question);
    }

    /** Reveals whether the chosen answer is right (no-op without a choice). The stage stays where it waits. */
    public void check(int question) {
        Answer a = answers.get().get(question);
        if (a.chosen() >= 0) {
            update(question, new Answer(a.question(), a.chosen(), true));
        }
    }

    /** After checking: releases the stage and plays from the question's step to the one that shows the answer. */
    public void showMe(int question) {
        Answer a = answers.get().get(question);
        Lesson l = lessons.lessonProperty().get();
        if (!a.checked() || l == null) {
            return;
        }
        Stop stop = stopOf(l, a.question());
        lessons.quizPin().pin(stop.policy(), stop.waitAt(), "");
        lessons.quizPin().unpin();
        lessons.playback().playTo(stop.answerAt());
    }

    /** Holds the stage for {@code question} while the quiz is open and it is not yet checked. */
    private void focus(int question) {
        current.set(question);
        Lesson l = lessons.lessonProperty().get();
        if (!open || l == null || question < 0 || answers.get().get(question).checked()) {
            return;
        }
        Stop stop = stopOf(l, answers.get().get(question).question());
        lessons.quizPin().pin(stop.policy(), stop.waitAt(), "Quiz: the stage waits here until you check your answer.");
    }

    /**
     * Just before the step the question names, under its policy; without a step, at the start — and the answer is
     * then the first step that breaks an invariant, or the end.
     */
    static Stop stopOf(Lesson l, QuizQuestion q) {
        Policy p = q.policy() != null ? q.policy() : l.defaultPolicy();
        Trace t = l.play(p);
        int answerAt = q.at() != null ? q.at().indexIn(t).orElse(-1) : -1;
        if (answerAt > 0) {
            return new Stop(p, answerAt - 1, answerAt);
        }
        int firstViolation = t.firstViolationIndex();
        return new Stop(p, 0, firstViolation > 0 ? firstViolation : t.size() - 1);
    }

    private void reset(Lesson l) {
        score.set(0);
        current.set(-1);
        answers.set(l.quiz().stream().map(q -> new Answer(q, -1, false)).toList());
        if (open) {
            enter();
        }
    }

    private void update(int i, Answer a) {
        List<Answer> list = new ArrayList<>(answers.get());
        list.set(i, a);
        score.set((int) list.stream().filter(Answer::correct).count()); // before answers: views redraw on answers
        answers.set(List.copyOf(list));
    }
}
