package org.diolab.app.lesson;

import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import org.controlsfx.control.SegmentedButton;
import org.diolab.engine.op.Policy;
import org.diolab.lesson.Lesson;
import org.diolab.lesson.PolicyChoice;

/** The lesson's policies as a segmented toggle ("zero-copy · broken | bounce · fixed"); switching replays the lesson. */
public final class PolicyBar extends HBox {
    private final SegmentedButton buttons = new SegmentedButton();
    private final Label note = new Label();
    private final LessonViewModel vm;
    private final javafx.beans.property.BooleanProperty noteShown =
            new javafx.beans.property.SimpleBooleanProperty(this, "noteShown", true);

    public PolicyBar(LessonViewModel vm) {
        super(8);
        this.vm = vm;
        setAlignment(Pos.CENTER_LEFT);
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
        getChildren().addAll(label, buttons, note);
        note.visibleProperty().bind(noteShown);
        note.managedProperty().bind(noteShown);
        vm.lessonProperty().addListener((o, a, l) -> rebuild(l));
        vm.policyProperty().addListener((o, a, p) -> select(p));
    }

    /** Whether the chosen policy's note shows beside the toggle (presenter mode has no room for it). */
    public javafx.beans.property.BooleanProperty noteShownProperty() {
        return noteShown;
    }

    private void rebuild(Lesson lesson) {
        buttons.getButtons().clear();
        for (PolicyChoice c : lesson.policies()) {
            ToggleButton b = new ToggleButton(c.policy().id() + " · " + c.role());
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
