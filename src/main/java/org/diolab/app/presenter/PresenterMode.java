package org.diolab.app.presenter;

import javafx.animation.FadeTransition;
import javafx.animation.PauseTransition;
import javafx.animation.SequentialTransition;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.css.PseudoClass;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.layout.Region;
import javafx.stage.Stage;
import javafx.util.Duration;

/**
 * Presenter mode for talks: full screen, large type ({@code :presenting} on the window raises the base font), the
 * library hidden (the window folds it away while this is on), and blanking: B or . turn the whole window black, as
 * slide software does; the same key brings the picture back. The side panel fits its height ({@link PanelFit}: a
 * quote's first line, smaller type for long words, cut words noted) until Q opens it whole ({@code :quote-open}). The
 * keys themselves are the window's.
 *
 * <p>Going full screen shows a short note of the keys over the stage's corner ({@link #toast()}), not the toolkit's
 * own hint, which sits over the top of the screen — the side panel's narration at 1280×720.
 */
public final class PresenterMode {
    static final String KEYS_NOTE =
            "Presenter mode: PgDn/PgUp step, O whole scene, Q whole text, B blanks, ? lists the keys, Esc leaves";
    private static final PseudoClass PRESENTING = PseudoClass.getPseudoClass("presenting");
    private static final PseudoClass QUOTE_OPEN = PseudoClass.getPseudoClass("quote-open");
    private final BooleanProperty on = new SimpleBooleanProperty(this, "on", false);
    private final BooleanProperty blank = new SimpleBooleanProperty(this, "blank", false);
    private final BooleanProperty quoteOpen = new SimpleBooleanProperty(this, "quoteOpen", false);
    private final Label toast = new Label(KEYS_NOTE);
    private final SequentialTransition toastShow;

    public PresenterMode(Region root, Node blanker) {
        toast.getStyleClass().add("presenter-toast");
        toast.setId("presenter-toast");
        toast.setMouseTransparent(true);
        toast.setVisible(false);
        toast.setMaxSize(Region.USE_PREF_SIZE, Region.USE_PREF_SIZE);
        FadeTransition fade = new FadeTransition(Duration.millis(600), toast);
        fade.setFromValue(1);
        fade.setToValue(0);
        toastShow = new SequentialTransition(new PauseTransition(Duration.seconds(3.5)), fade);
        toastShow.setOnFinished(e -> toast.setVisible(false));
        on.addListener((o, a, presenting) -> {
            root.pseudoClassStateChanged(PRESENTING, presenting);
            if (!presenting) {
                blank.set(false);
                quoteOpen.set(false);
            }
            if (presenting) {
                toast.setOpacity(1);
                toast.setVisible(true);
                toastShow.playFromStart();
            } else {
                toastShow.stop();
                toast.setVisible(false);
            }
            if (root.getScene() != null && root.getScene().getWindow() instanceof Stage st) {
                st.setFullScreenExitHint("");
                st.setFullScreen(presenting);
            }
        });
        quoteOpen.addListener((o, a, open) -> root.pseudoClassStateChanged(QUOTE_OPEN, open));
        blanker.visibleProperty().bind(blank);
        blanker.setOnMouseClicked(e -> blank.set(false));
    }

    public BooleanProperty onProperty() {
        return on;
    }

    public BooleanProperty blankProperty() {
        return blank;
    }

    /** Whether the panel shows the whole quote and words at full size while presenting (otherwise it fits them). */
    public BooleanProperty quoteOpenProperty() {
        return quoteOpen;
    }

    /** The note of the keys shown for a few seconds on entering; the window places it over the stage. */
    public Label toast() {
        return toast;
    }

    public void toggle() {
        on.set(!on.get());
    }

    public void toggleBlank() {
        blank.set(!blank.get());
    }

    public void toggleQuote() {
        quoteOpen.set(!quoteOpen.get());
    }
}
