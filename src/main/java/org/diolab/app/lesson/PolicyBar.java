package org.diolab.app.lesson;

import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.controlsfx.control.SegmentedButton;
import org.diolab.engine.op.Policy;
import org.diolab.lesson.Lesson;
import org.diolab.lesson.PolicyChoice;

/**
 * The lesson's policies as a segmented toggle ("zero-copy · broken | bounce · fixed"); switching replays the lesson.
 * The chosen policy's note goes beside the toggle where it fits in a few lines, else on a line of its own under it (a
 * note wrapped beside four policies at 1024 px made the header 30 lines high).
 */
public final class PolicyBar extends VBox {
    /** Beside the toggle at most this many lines of note; more, and it goes under the toggle. */
    static final int NOTE_LINES = 3;

    private final HBox row = new HBox(8);
    private final SegmentedButton buttons = new SegmentedButton();
    private final Label note = new Label();
    private final LessonViewModel vm;
    private final javafx.beans.property.BooleanProperty noteShown =
            new javafx.beans.property.SimpleBooleanProperty(this, "noteShown", true);

    public PolicyBar(LessonViewModel vm) {
        super(4);
        this.vm = vm;
        row.setAlignment(Pos.CENTER_LEFT);
        getStyleClass().add("policy-bar");
        Label label = new Label("Policy");
        label.getStyleClass().add("policy-label");
        label.setMinWidth(Region.USE_PREF_SIZE);
        buttons.setMinWidth(Region.USE_PREF_SIZE);
        note.getStyleClass().add("policy-note");
        note.setId("policy-note");
        note.setWrapText(true);
        note.setMinWidth(0);
        HBox.setHgrow(note, javafx.scene.layout.Priority.ALWAYS);
        row.getChildren().addAll(label, buttons, note);
        getChildren().add(row);
        note.visibleProperty().bind(noteShown);
        note.managedProperty().bind(noteShown);
        widthProperty().addListener((o, a, w) -> placeNote());
        buttons.widthProperty().addListener((o, a, w) -> placeNote());
        label.widthProperty().addListener((o, a, w) -> placeNote());
        note.textProperty().addListener((o, a, t) -> placeNote());
        vm.lessonProperty().addListener((o, a, l) -> rebuild(l));
        vm.policyProperty().addListener((o, a, p) -> select(p));
    }

    /** Beside the toggle if the room left there holds the note in {@link #NOTE_LINES} lines, else under it. */
    private void placeNote() {
        if (getWidth() <= 0) {
            return;
        }
        double left = getWidth()
                - snappedLeftInset()
                - snappedRightInset()
                - row.getChildren().get(0).prefWidth(-1)
                - buttons.prefWidth(-1)
                - 2 * row.getSpacing();
        javafx.scene.text.Text t = new javafx.scene.text.Text(note.getText());
        t.setFont(note.getFont());
        boolean beside = left >= Math.max(200, t.getLayoutBounds().getWidth() / NOTE_LINES + 24);
        if (beside && note.getParent() != row) {
            getChildren().remove(note);
            row.getChildren().add(note);
        } else if (!beside && note.getParent() == row) {
            row.getChildren().remove(note);
            getChildren().add(note);
        }
    }

    /** Whether the chosen policy's note shows beside the toggle (presenter mode has no room for it). */
    public javafx.beans.property.BooleanProperty noteShownProperty() {
        return noteShown;
    }

    private void rebuild(Lesson lesson) {
        buttons.getButtons().clear();
        for (PolicyChoice c : lesson.policies()) {
            ToggleButton b = new ToggleButton(c.policy().id() + " · " + c.role());
            b.setMnemonicParsing(false);
            b.setId("policy-" + c.policy().id());
            b.setUserData(c.policy());
            b.setFocusTraversable(false);
            b.setTooltip(new Tooltip(
                    c.policy().title() + ": " + c.policy().summary() + (c.note().isEmpty() ? "" : "\n" + c.note())));
            b.setOnAction(e -> {
                if (b.isSelected()) {
                    vm.selectPolicy(c.policy());
                } else {
                    b.setSelected(true); // a segmented toggle always has one choice
                }
            });
            buttons.getButtons().add(b);
        }
        select(vm.policyProperty().get());
    }

    private void select(Policy p) {
        buttons.getButtons().forEach(b -> b.setSelected(b.getUserData() == p));
        Lesson l = vm.lessonProperty().get();
        note.setText(
                l == null || p == null
                        ? ""
                        : l.choice(p)
                                .map(PolicyChoice::note)
                                .filter(n -> !n.isBlank())
                                .orElse(p.summary()));
    }
}
