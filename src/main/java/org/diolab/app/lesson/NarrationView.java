package org.diolab.app.lesson;

import javafx.scene.control.Label;
import javafx.scene.layout.VBox;
import org.diolab.engine.EventKind;
import org.diolab.engine.Narration;
import org.diolab.engine.Snapshot;
import org.diolab.lesson.Lesson;
import org.diolab.lesson.SeedRef;

/** The step in words: what happened, why it matters, and the seed thread's own words with their citation. */
public final class NarrationView extends VBox {
    private final Label step = new Label();
    private final Label action = new Label();
    private final Label text = new Label();
    private final Label quote = new Label();
    private final Label cite = new Label();
    private final VBox quoteBox = new VBox(4, quote, cite);
    private final Label outroTitle = new Label("What this run showed");
    private final Label outroText = new Label();
    private final Label outroQuote = new Label();
    private final VBox outroBox = new VBox(6, outroTitle, outroText, outroQuote);

    public NarrationView(LessonViewModel vm) {
        super(10);
        getStyleClass().add("narration-view");
        step.getStyleClass().add("step-counter");
        step.setId("step-counter");
        action.getStyleClass().add("step-action");
        action.setId("step-action");
        text.getStyleClass().add("narration-text");
        text.setId("narration-text");
        quote.getStyleClass().add("quote-text");
        quote.setId("quote-text");
        cite.getStyleClass().add("quote-cite");
        quoteBox.getStyleClass().add("quote-box");
        for (Label l : new Label[] {action, text, quote, cite}) {
            l.setWrapText(true);
            l.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        }
        outroTitle.getStyleClass().add("section-title");
        outroBox.getStyleClass().add("outro-box");
        outroBox.setId("outro");
        for (Label l : new Label[] {outroText, outroQuote}) {
            l.setWrapText(true);
            l.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        }
        outroText.getStyleClass().add("narration-text");
        outroQuote.getStyleClass().add("quote-text");
        getChildren().addAll(step, action, text, quoteBox, outroBox);
        vm.snapshotProperty()
                .addListener((o, a, s) -> show(
                        vm.lessonProperty().get(), s, vm.lastIndexProperty().get()));
        vm.outroProperty()
                .addListener((o, a, n) -> showOutro(vm.lessonProperty().get(), n));
        showOutro(null, null);
    }

    private void show(Lesson lesson, Snapshot s, int last) {
        if (s == null) {
            return;
        }
        String who = s.event().actor().isEmpty() ? "" : " · " + s.event().actor();
        String kind = s.event().kind() == EventKind.STEP
                ? ""
                : " · " + s.event().kind().name().toLowerCase();
        step.setText("Step " + s.index() + " of " + last + who + kind);
        action.setText(s.event().action());
        Narration n = s.narration();
        text.setText(n == null ? "" : n.text());
        text.setVisible(n != null);
        text.setManaged(n != null);
        boolean q = n != null && n.hasQuote();
        quoteBox.setVisible(q);
        quoteBox.setManaged(q);
        if (q) {
            quote.setText("“" + n.quote() + "”");
            cite.setText("— " + (n.speaker() == null ? "" : n.speaker() + ", ") + seedName(lesson, n.source()));
        }
    }

    private void showOutro(Lesson lesson, Narration n) {
        outroBox.setVisible(n != null);
        outroBox.setManaged(n != null);
        if (n != null) {
            outroText.setText(n.text());
            outroQuote.setText(
                    n.hasQuote()
                            ? "“" + n.quote() + "” — " + (n.speaker() == null ? "" : n.speaker() + ", ")
                                    + seedName(lesson, n.source())
                            : "");
        }
    }

    private static String seedName(Lesson lesson, String file) {
        return lesson.seeds().stream()
                .filter(sd -> sd.file().equals(file))
                .findFirst()
                .map((SeedRef sd) -> sd.id() + " “" + sd.title() + "” (" + file + ")")
                .orElse(file);
    }
}
