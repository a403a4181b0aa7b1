package org.diolab.app;

import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.css.PseudoClass;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.Region;
import javafx.stage.Stage;

/**
 * Presenter mode for talks: full screen, large type, library hidden, and the keys clickers send — Page Down / Page Up
 * step, B blanks the screen (as in slide software), Escape or F5 leaves.
 */
public final class PresenterMode {
    private static final PseudoClass PRESENTING = PseudoClass.getPseudoClass("presenting");
    private final BooleanProperty on = new SimpleBooleanProperty(false);
    private final BooleanProperty blank = new SimpleBooleanProperty(false);

    PresenterMode(Region root, Node library, Node blanker, LessonViewModel vm) {
        on.addListener((o, a, presenting) -> {
            root.pseudoClassStateChanged(PRESENTING, presenting);
            library.setVisible(!presenting);
            library.setManaged(!presenting);
            if (!presenting) {
                blank.set(false);
            }
            if (root.getScene() != null && root.getScene().getWindow() instanceof Stage st) {
                st.setFullScreenExitHint("Presenter mode: PgDn/PgUp step, B blanks, Esc leaves");
                st.setFullScreen(presenting);
            }
        });
        blanker.visibleProperty().bind(blank);
    }

    public BooleanProperty onProperty() {
        return on;
    }

    public BooleanProperty blankProperty() {
        return blank;
    }

    /** Handles presenter keys; returns true if the key was one. */
    boolean handle(KeyEvent e, LessonViewModel vm) {
        KeyCode c = e.getCode();
        if (c == KeyCode.F5) {
            on.set(!on.get());
            return true;
        }
        if (!on.get()) {
            return false;
        }
        switch (c) {
            case PAGE_DOWN -> vm.forward();
            case PAGE_UP -> vm.back();
            case B, PERIOD -> blank.set(!blank.get());
            case ESCAPE -> on.set(false);
            default -> {
                return false;
            }
        }
        return true;
    }

    void install(Scene scene, LessonViewModel vm) {
        scene.addEventFilter(KeyEvent.KEY_PRESSED, e -> {
            if (handle(e, vm)) {
                e.consume();
            }
        });
    }
}
