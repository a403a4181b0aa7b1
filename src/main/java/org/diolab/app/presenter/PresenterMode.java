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
    /** How much larger than at 1280×720 the presenting type is: the window's size over that, never less than 1. */
    private final javafx.beans.property.ReadOnlyDoubleWrapper scale =
            new javafx.beans.property.ReadOnlyDoubleWrapper(this, "scale", 1);
    /** The on-screen px the stage's camera aims for while presenting: 18 up to 1920×1080, then as the window. */
    private final javafx.beans.property.ReadOnlyDoubleWrapper stageText =
            new javafx.beans.property.ReadOnlyDoubleWrapper(this, "stageText", STAGE_PX);

    private final Region root;

    /** The presenting type at 1280×720 (the side panel's words), px. */
    public static final double TYPE_PX = 22;
    /** The stage's invariant banner while presenting at 1280×720, px (it grows with {@link #scaleProperty()}). */
    public static final double BANNER_PX = 19;
    /** The least stage text the camera aims for while presenting, px: the back row of a room at 1280×720. */
    public static final double STAGE_PX = 18;

    public PresenterMode(Region root, Node blanker) {
        this.root = root;
        // A larger screen is the same room: type keeps its share of the height (in twentieths, so a resize by a few
        // pixels restyles nothing).
        root.widthProperty().addListener(o -> rescale());
        root.heightProperty().addListener(o -> rescale());
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
            restyle();
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

    private void rescale() {
        double w = root.getWidth();
        double h = root.getHeight();
        if (w <= 0 || h <= 0) {
            return;
        }
        double k = Math.max(1, Math.floor(Math.min(w / 1280, h / 720) * 20) / 20);
        double stage = Math.max(1, Math.floor(Math.min(w / 1920, h / 1080) * 20) / 20);
        if (k != scale.get()) {
            scale.set(k);
            restyle();
        }
        stageText.set(STAGE_PX * stage);
    }

    private void restyle() {
        // Inline, over the presenting rule of the stylesheet (its 22 px is this at 1280×720); the panel's tabs, the
        // policies and the note are sized in em of it.
        root.setStyle(on.get() && scale.get() > 1 ? "-fx-font-size: " + TYPE_PX * scale.get() + "px;" : "");
    }

    /** How much larger than at 1280×720 presenting type is now (1 up to that size). */
    public javafx.beans.property.ReadOnlyDoubleProperty scaleProperty() {
        return scale.getReadOnlyProperty();
    }

    /** The on-screen px the stage's camera aims for while presenting (18 up to 1920×1080, larger beyond). */
    public javafx.beans.property.ReadOnlyDoubleProperty stageTextProperty() {
        return stageText.getReadOnlyProperty();
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
