package org.diolab.app.lesson;

import javafx.scene.control.Label;
import javafx.scene.layout.VBox;
import org.diolab.app.ui.TermText;
import org.diolab.engine.EventKind;
import org.diolab.engine.Narration;
import org.diolab.engine.Snapshot;
import org.diolab.lesson.Lesson;
import org.diolab.lesson.SeedRef;

/**
 * The step in words: what happened, why it matters, and the seed thread's own words with their citation. Every kernel
 * term in them is marked: hover to read what it is ({@link TermText}).
 */
public final class NarrationView extends VBox {
    private final Label step = new Label();
    private final TermText action = new TermText("step-action");
    private final TermText text = new TermText("narration-text");
    private final TermText quote = new TermText("quote-text");
    private final Label cite = new Label();
    private final VBox quoteBox = new VBox(4, quote, cite);
    private final Label outroTitle = new Label("What this run showed");
    private final TermText outroText = new TermText("narration-text");
    private final TermText outroQuote = new TermText("quote-text");
    private final javafx.scene.control.Hyperlink next = new javafx.scene.control.Hyperlink();
    private final VBox outroBox = new VBox(6, outroTitle, outroText, outroQuote, next);
    /** The lesson after a lesson on the learning path (id → the next lesson), and how to open it. */
    private java.util.function.Function<String, java.util.Optional<Lesson>> path = id -> java.util.Optional.empty();

    private java.util.function.Consumer<String> openLesson = id -> {};

    public NarrationView(LessonViewModel vm) {
        super(10);
        getStyleClass().add("narration-view");
        step.getStyleClass().add("step-counter");
        step.setId("step-counter");
        action.setId("step-action");
        text.setId("narration-text");
        quote.setId("quote-text");
        cite.getStyleClass().add("quote-cite");
        cite.setWrapText(true);
        cite.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        quoteBox.getStyleClass().add("quote-box");
        outroTitle.getStyleClass().add("section-title");
        outroBox.getStyleClass().add("outro-box");
        outroBox.setId("outro");
        next.setId("next-lesson");
        next.setMnemonicParsing(false);
        next.setWrapText(true);
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

    /**
     * At a run's end, offers the lesson that follows this one on the learning path.
     *
     * @param path       the next lesson after a lesson's id, if any
     * @param openLesson opens a lesson by id
     */
    public void followPath(
            java.util.function.Function<String, java.util.Optional<Lesson>> path,
            java.util.function.Consumer<String> openLesson) {
        this.path = path;
        this.openLesson = openLesson;
    }

    private void showOutro(Lesson lesson, Narration n) {
        outroBox.setVisible(n != null);
        outroBox.setManaged(n != null);
        java.util.Optional<Lesson> after =
                lesson == null || n == null ? java.util.Optional.empty() : path.apply(lesson.id());
        next.setVisible(after.isPresent());
        next.setManaged(after.isPresent());
        after.ifPresent(l -> {
            next.setText("Next lesson on the path: " + l.title() + " →");
            next.setOnAction(e -> openLesson.accept(l.id()));
        });
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
