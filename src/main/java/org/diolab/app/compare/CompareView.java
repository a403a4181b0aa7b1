package org.diolab.app.compare;

import java.util.List;
import javafx.css.PseudoClass;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;
import org.diolab.app.lesson.LessonViewModel;
import org.diolab.engine.op.Policy;

/** The Compare tab: the two runs side by side, in step with the timeline, the first difference marked. */
public final class CompareView extends VBox {
    private static final PseudoClass CURRENT = PseudoClass.getPseudoClass("current");
    private static final PseudoClass FIRST = PseudoClass.getPseudoClass("first-difference");
    private static final PseudoClass VIOLATED = PseudoClass.getPseudoClass("violated");
    private final ListView<CompareViewModel.Row> list = new ListView<>();
    private final LessonViewModel lessons;

    public CompareView(CompareViewModel vm, LessonViewModel lessons) {
        super(8);
        this.lessons = lessons;
        getStyleClass().add("compare-view");
        ComboBox<Policy> other = new ComboBox<>();
        other.setId("compare-policy");
        other.setConverter(new StringConverter<>() {
            @Override
            public String toString(Policy p) {
                return p == null ? "" : p.id();
            }

            @Override
            public Policy fromString(String s) {
                return Policy.byId(s).orElse(null);
            }
        });
        other.setOnShowing(e -> other.getItems().setAll(vm.choices()));
        vm.otherProperty().addListener((o, a, b) -> {
            other.getItems().setAll(vm.choices());
            other.setValue(b);
        });
        other.valueProperty().addListener((o, a, b) -> {
            if (b != null) {
                vm.selectOther(b);
            }
        });
        Label current = new Label();
        current.getStyleClass().add("compare-current");
        lessons.policyProperty().addListener((o, a, p) -> current.setText(p.id() + "  vs"));
        Label hint = new Label(
                "Rows line up the same step of each run; ✗ marks a broken invariant. Click a row to go " + "there.");
        hint.setWrapText(true);
        hint.setMinHeight(Region.USE_PREF_SIZE);
        hint.getStyleClass().add("explore-intro");
        list.setId("compare-rows");
        list.setCellFactory(v -> new RowCell());
        list.setPrefHeight(560);
        list.getSelectionModel().selectedItemProperty().addListener((o, a, row) -> {
            if (row != null) {
                vm.go(row);
            }
        });
        vm.rowsProperty().addListener((o, a, rows) -> list.getItems().setAll(rows));
        // Made when the tab opens: what the view model holds already (its rows may still be on their way).
        if (vm.otherProperty().get() != null) {
            other.getItems().setAll(vm.choices());
            other.setValue(vm.otherProperty().get());
        }
        if (lessons.policyProperty().get() != null) {
            current.setText(lessons.policyProperty().get().id() + "  vs");
        }
        list.getItems().setAll(vm.rowsProperty().get());
        lessons.indexProperty().addListener((o, a, b) -> list.refresh());
        VBox.setVgrow(list, Priority.ALWAYS);
        getChildren().addAll(new HBox(8, current, other), hint, list);
    }

    /** Rows currently listed, for tests. */
    public List<CompareViewModel.Row> rows() {
        return List.copyOf(list.getItems());
    }

    private final class RowCell extends ListCell<CompareViewModel.Row> {
        @Override
        protected void updateItem(CompareViewModel.Row row, boolean empty) {
            super.updateItem(row, empty);
            pseudoClassStateChanged(CURRENT, false);
            pseudoClassStateChanged(FIRST, false);
            if (empty || row == null) {
                setGraphic(null);
                return;
            }
            Label l = side(row.left());
            Label r = side(row.right());
            HBox box = new HBox(6, l, r);
            HBox.setHgrow(l, Priority.ALWAYS);
            HBox.setHgrow(r, Priority.ALWAYS);
            if (row.firstDifference()) {
                Label tag = new Label("first difference");
                tag.getStyleClass().add("first-tag");
                setGraphic(new VBox(2, tag, box));
            } else {
                setGraphic(box);
            }
            pseudoClassStateChanged(
                    CURRENT,
                    row.left().present()
                            && row.left().index() == lessons.indexProperty().get());
            pseudoClassStateChanged(FIRST, row.firstDifference());
        }

        private Label side(CompareViewModel.Side side) {
            boolean violated = side.violated();
            Label l = new Label((violated ? "✗ " : "") + (side.present() ? side.text() : "—"));
            l.setWrapText(true);
            l.setMinHeight(Region.USE_PREF_SIZE);
            l.setPrefWidth(150);
            l.setMaxWidth(Double.MAX_VALUE);
            l.getStyleClass().add("compare-side");
            l.pseudoClassStateChanged(VIOLATED, violated);
            return l;
        }
    }
}
