package org.diolab.app;

import java.util.ArrayList;
import java.util.List;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import org.diolab.lesson.Lesson;
import org.diolab.lesson.QuizQuestion;

/** The lesson's quiz: the learner's answers, which were right, the score. Answers stay hidden until checked. */
public final class QuizViewModel {
    /** One question as shown: the learner's choice (-1: none yet) and whether it was checked. */
    public record Answer(QuizQuestion question, int chosen, boolean checked) {
        public boolean correct() {
            return checked && chosen == question.answer();
        }
    }

    private final ReadOnlyObjectWrapper<List<Answer>> answers = new ReadOnlyObjectWrapper<>(List.of());
    private final ReadOnlyIntegerWrapper score = new ReadOnlyIntegerWrapper(0);

    public QuizViewModel(LessonViewModel lessons) {
        lessons.lessonProperty().addListener((o, a, l) -> reset(l));
    }

    public ReadOnlyObjectProperty<List<Answer>> answersProperty() {
        return answers.getReadOnlyProperty();
    }

    public ReadOnlyIntegerProperty scoreProperty() {
        return score.getReadOnlyProperty();
    }

    public void reset(Lesson l) {
        score.set(0);
        answers.set(l.quiz().stream().map(q -> new Answer(q, -1, false)).toList());
    }

    public void choose(int question, int choice) {
        update(question, new Answer(answers.get().get(question).question(), choice, false));
    }

    /** Reveals whether the chosen answer is right (no-op without a choice). */
    public void check(int question) {
        Answer a = answers.get().get(question);
        if (a.chosen() >= 0) {
            update(question, new Answer(a.question(), a.chosen(), true));
        }
    }

    private void update(int i, Answer a) {
        List<Answer> list = new ArrayList<>(answers.get());
        list.set(i, a);
        score.set((int) list.stream().filter(Answer::correct).count()); // before answers: views redraw on answers
        answers.set(List.copyOf(list));
    }
}
