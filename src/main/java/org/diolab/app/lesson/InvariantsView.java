package org.diolab.app.lesson;

import java.util.List;
import javafx.css.PseudoClass;
import javafx.scene.control.Label;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.materialdesign2.MaterialDesignA;
import org.kordamp.ikonli.materialdesign2.MaterialDesignC;

/** Each invariant of the lesson at the current step: a check mark while it holds, red with its explanation when not. */
public final class InvariantsView extends VBox {
    private static final PseudoClass VIOLATED = PseudoClass.getPseudoClass("violated");

    public InvariantsView(LessonViewModel vm) {
        super(8);
        getStyleClass().add("invariants-view");
        vm.invariantsProperty().addListener((o, a, list) -> show(list));
    }

    private void show(List<InvariantStatus> list) {
        getChildren().clear();
        Label header = new Label("Invariants");
        header.getStyleClass().add("section-title");
        getChildren().add(header);
        for (InvariantStatus s : list) {
            Label name = new Label(s.id() + (s.violated() ? " — VIOLATED" : " — holds"));
            name.setGraphic(new FontIcon(s.violated() ? MaterialDesignA.ALERT_OCTAGON : MaterialDesignC.CHECK_CIRCLE));
            name.getStyleClass().add("invariant-name");
            name.setWrapText(true);
            name.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
            VBox box = new VBox(4, name);
            box.getStyleClass().add("invariant");
            box.setId("invariant-" + s.id());
            box.pseudoClassStateChanged(VIOLATED, s.violated());
            if (s.violated()) {
                Label why = new Label(s.explanation());
                why.getStyleClass().add("invariant-why");
                why.setWrapText(true);
                box.getChildren().add(why);
                for (String d : s.details()) {
                    Label detail = new Label(d);
                    detail.getStyleClass().add("invariant-detail");
                    detail.setWrapText(true);
                    box.getChildren().add(detail);
                }
            }
            box.setAccessibleText(name.getText());
            getChildren().add(box);
        }
    }
}
