package org.diolab.app.ui;

import javafx.scene.control.Label;
import javafx.scene.layout.Region;

/** Labels that wrap to their container's width and grow in height instead of eliding: most of our prose. */
public final class Labels {
    private Labels() {}

    public static Label wrapped(String text, String style) {
        Label l = new Label(text);
        l.setWrapText(true);
        l.setMinHeight(Region.USE_PREF_SIZE);
        l.getStyleClass().add(style);
        return l;
    }
}
