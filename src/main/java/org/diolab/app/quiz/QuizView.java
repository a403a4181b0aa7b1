package org.diolab.app.quiz;

import java.util.List;
import javafx.css.PseudoClass;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.RadioButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.layout.VBox;
import org.diolab.app.ui.Labels;
import org.diolab.app.ui.TermText;
import org.diolab.app.ui.TermTips;
import org.diolab.lesson.glossary.Glossary;

/**
 * The quiz tab: each question with its choices, a Check button, then right/wrong, the explanation and "show me". While
 * the tab is open the stage waits at the question's step, so it never gives the answer away.
 */
public final class QuizView extends VBox {
    private static final PseudoClass RIGHT = PseudoClass.getPseudoClass("right");
    private static final PseudoClass WRONG = PseudoClass.getPseudoClass("wrong");
    private final QuizViewModel vm;
    private final Label score = new Label();

    public QuizView(QuizViewModel vm) {
        super(14);
        this.vm = vm;
        getStyleClass().add("quiz-view");
        score.getStyleClass().add("quiz-score");
        score.setId("quiz-score");
        vm.answersProperty().addListener((o, a, list) -> show(list));
        if (!vm.answersProperty().get().isEmpty()) {
            show(vm.answersProperty().get()); // made when the tab opens, on a lesson already on show
        }
    }

    private void show(List<QuizViewModel.Answer> list) {
        getChildren().clear();
        long checked = list.stream().filter(QuizViewModel.Answer::checked).count();
        score.setText(vm.scoreProperty().get() + " of " + list.size() + " right"
                + (checked < list.size() ? " (" + (list.size() - checked) + " to answer)" : ""));
        getChildren()
                .addAll(
                        score,
                        Labels.wrapped(
                                "While a question is open, the stage waits at its step and does "
                                        + "not go further until you check your answer.",
                                "quiz-hint"));
        for (int i = 0; i < list.size(); i++) {
            getChildren().add(question(i, list.get(i)));
        }
    }

    private VBox question(int index, QuizViewModel.Answer a) {
        Label kind = new Label(a.question().kind().title().toUpperCase());
        kind.getStyleClass().add("quiz-kind");
        TermText q = new TermText(a.question().question(), "quiz-question");
        VBox box = new VBox(6, kind, q);
        box.getStyleClass().add("quiz-item");
        box.setId("quiz-" + index);
        ToggleGroup group = new ToggleGroup();
        for (int c = 0; c < a.question().choices().size(); c++) {
            String choice0 = a.question().choices().get(c);
            RadioButton rb = new RadioButton(choice0);
            // A choice is text, not a menu label: "bi_iter" must not lose its underscore to a mnemonic.
            rb.setMnemonicParsing(false);
            rb.setWrapText(true);
            TermTips.install(rb, TermTips.termsIn(Glossary.bundled(), choice0));
            rb.setToggleGroup(group);
            rb.setSelected(c == a.chosen());
            // Once checked the choices are frozen but stay readable: greyed-out text would hide the marked answer.
            rb.setMouseTransparent(a.checked());
            rb.setFocusTraversable(!a.checked());
            int choice = c;
            rb.setOnAction(e -> vm.choose(index, choice));
            if (a.checked() && c == a.question().answer()) {
                rb.setText("✓ " + rb.getText());
                rb.pseudoClassStateChanged(RIGHT, true);
            } else if (a.checked() && c == a.chosen()) {
                rb.pseudoClassStateChanged(WRONG, true);
            }
            box.getChildren().add(rb);
        }
        if (a.checked()) {
            Label verdict = new Label(a.correct() ? "✓ Right." : "✗ Not quite — the answer is marked.");
            verdict.getStyleClass().add("quiz-verdict");
            verdict.pseudoClassStateChanged(a.correct() ? RIGHT : WRONG, true);
            Button show = new Button("Show me on the stage");
            show.setId("quiz-show-" + index);
            show.setOnAction(e -> vm.showMe(index));
            box.getChildren().addAll(verdict, new TermText(a.question().explain(), "quiz-explain"), show);
        } else {
            Button check = new Button("Check");
            check.setId("quiz-check-" + index);
            check.setDisable(a.chosen() < 0);
            check.setOnAction(e -> vm.check(index));
            box.getChildren().add(check);
        }
        return box;
    }
}
