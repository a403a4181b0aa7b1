package org.diolab.app;

import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Color;

/**
 * What the window shows for the moment it takes to build the real one and load the lessons: a few nodes, so the first
 * frame costs next to nothing. It is the scene's root until the real window takes its place with the first lesson
 * open (see {@link DioLabApp}).
 */
final class StartupPlaceholder extends VBox {
    /** The themes' -color-bg-default (AtlantaFX Primer light and dark), for the window before any frame is drawn. */
    static Color background(boolean dark) {
        return dark ? Color.web("#0d1117") : Color.WHITE;
    }

    StartupPlaceholder() {
        super(12);
        setAlignment(Pos.CENTER);
        getStyleClass().add("startup-placeholder");
        setId("startup-placeholder");
        Label brand = new Label("DIO Lab");
        brand.getStyleClass().add("brand");
        Label what = new Label("Linux direct I/O, step by step — loading the lessons…");
        ProgressBar bar = new ProgressBar();
        bar.setPrefWidth(240);
        getChildren().addAll(brand, what, bar);
    }
}
