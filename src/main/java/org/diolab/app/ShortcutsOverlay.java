package org.diolab.app;

import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;

/** The {@code ?} overlay: every shortcut of the window, from the same list the keys are handled from. */
public final class ShortcutsOverlay extends StackPane {
    public ShortcutsOverlay(KeyboardShortcuts keys) {
        getStyleClass().add("shortcuts-overlay");
        setId("shortcuts-overlay");
        Label title = new Label("Keyboard shortcuts");
        title.getStyleClass().add("shortcuts-title");
        GridPane grid = new GridPane();
        grid.getStyleClass().add("shortcuts-grid");
        grid.setHgap(18);
        grid.setVgap(6);
        int row = 0;
        for (KeyboardShortcuts.Shortcut s : keys.list()) {
            Label k = new Label(s.keys());
            k.getStyleClass().add("shortcut-keys");
            k.setMinWidth(USE_PREF_SIZE);
            Label what = new Label(s.what());
            what.getStyleClass().add("shortcut-what");
            what.setMinWidth(USE_PREF_SIZE);
            Label when = new Label(s.when());
            when.getStyleClass().add("shortcut-when");
            when.setMinWidth(USE_PREF_SIZE);
            grid.addRow(row++, k, what, when);
        }
        Label hint = new Label("Keys act when the focused control does not use them: Space on a button presses it. "
                + "Press ? or Esc to close.");
        hint.getStyleClass().add("shortcut-when");
        hint.setWrapText(true);
        VBox card = new VBox(12, title, grid, hint);
        card.getStyleClass().add("shortcuts-card");
        card.setMaxSize(USE_PREF_SIZE, USE_PREF_SIZE);
        hint.maxWidthProperty().bind(grid.widthProperty());
        setAlignment(Pos.CENTER);
        getChildren().add(card);
        setVisible(false);
        setOnMouseClicked(e -> setVisible(false));
    }

    public void toggle() {
        setVisible(!isVisible());
    }
}
