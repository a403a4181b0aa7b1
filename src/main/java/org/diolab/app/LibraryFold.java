package org.diolab.app;

import javafx.beans.binding.Bindings;
import javafx.beans.value.ObservableBooleanValue;
import javafx.scene.Node;
import javafx.scene.control.ToggleButton;
import javafx.scene.layout.Region;

/**
 * When the lesson library shows: beside the stage on a wide window, folded away on a narrow one (a 1280-px projector)
 * so the stage gets its width, and never in presenter mode. The header's library button shows or hides it; once the
 * user has pressed it, their choice wins over the window's width.
 */
final class LibraryFold {
    /** Narrower windows fold the library away: at 1280 px it would take a fifth of the width from the stage. */
    static final double WIDE = 1400;

    private boolean auto = true;

    LibraryFold(Region window, Node library, ToggleButton toggle, ObservableBooleanValue presenting) {
        toggle.setSelected(true);
        toggle.setOnAction(e -> auto = false);
        library.visibleProperty().bind(toggle.selectedProperty().and(Bindings.not(presenting)));
        library.managedProperty().bind(library.visibleProperty());
        toggle.visibleProperty().bind(Bindings.not(presenting));
        toggle.managedProperty().bind(toggle.visibleProperty());
        window.widthProperty().addListener((o, a, w) -> {
            if (auto && w.doubleValue() > 0) {
                toggle.setSelected(w.doubleValue() >= WIDE);
            }
        });
    }
}
