package org.diolab.app.presenter;

import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.css.PseudoClass;
import javafx.scene.Node;
import javafx.scene.layout.Region;
import javafx.stage.Stage;

/**
 * Presenter mode for talks: full screen, large type ({@code :presenting} on the window raises the base font), the
 * library hidden (the window folds it away while this is on), and blanking: B or . turn the whole window black, as
 * slide software does; the same key brings the picture back. The keys themselves are the window's.
 */
public final class PresenterMode {
    private static final PseudoClass PRESENTING = PseudoClass.getPseudoClass("presenting");
    private final BooleanProperty on = new SimpleBooleanProperty(this, "on", false);
    private final BooleanProperty blank = new SimpleBooleanProperty(this, "blank", false);

    public PresenterMode(Region root, Node blanker) {
        on.addListener((o, a, presenting) -> {
            root.pseudoClassStateChanged(PRESENTING, presenting);
            if (!presenting) {
                blank.set(false);
            }
            if (root.getScene() != null && root.getScene().getWindow() instanceof Stage st) {
                st.setFullScreenExitHint("Presenter mode: PgDn/PgUp step, B blanks, ? lists the keys, Esc leaves");
                st.setFullScreen(presenting);
            }
        });
        blanker.visibleProperty().bind(blank);
        blanker.setOnMouseClicked(e -> blank.set(false));
    }

    public BooleanProperty onProperty() {
        return on;
    }

    public BooleanProperty blankProperty() {
        return blank;
    }

    public void toggle() {
        on.set(!on.get());
    }

    public void toggleBlank() {
        blank.set(!blank.get());
    }
}
