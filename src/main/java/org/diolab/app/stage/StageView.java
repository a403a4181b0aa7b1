package org.diolab.app.stage;

import java.util.function.Consumer;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.scene.control.Control;
import javafx.scene.control.Skin;
import org.diolab.app.stage.camera.CameraMode;
import org.diolab.app.stage.cast.StageCast;
import org.diolab.app.stage.motion.FxMotionClock;
import org.diolab.app.stage.motion.MotionClock;

/**
 * The stage: actor lanes on top, then user memory, the page cache, kernel pages, bios, locks and work, and the
 * storage devices, with arrows from each bvec to its page and, when a DMA runs, a packet carrying the bytes along the
 * data's path. It draws an immutable {@link StageFrame} on a layout computed once from a {@link StageCast}: nothing
 * moves between steps except what the step changes.
 *
 * <pre>{@code
 * StageView stage = new StageView();
 * stage.setCast(cast);                                     // once per lesson and policy
 * stage.setFrame(new StageFrame(trace, 6, lanesAt6));      // every step; a step forward is animated
 * stage.zoomIn();                                          // Ctrl +; stage.fit() is Ctrl 0
 * }</pre>
 *
 * <p>Camera ({@link #cameraProperty()}): by default each step is framed, the region its action happens in at the
 * zoom that makes its text {@link #readableTextProperty()} px high, gliding there with the step's transition;
 * {@link #overview()} shows the whole scene; a zoom or a drag holds until {@link #fit()}. Motion: transitions last {@link #BASE_MILLIS} divided by {@link #speedProperty()}; none
 * when {@link #reducedMotionProperty()} is set, while {@link #scrubbingProperty()} is, or when the step is not the
 * next one (stepping back or jumping cuts cleanly).
 */
public final class StageView extends Control {
    public static final double BASE_MILLIS = 650;
    public static final double MAX_ZOOM = 4;

    private final ObjectProperty<StageCast> cast = new SimpleObjectProperty<>(this, "cast", StageCast.empty());
    private final ObjectProperty<StageFrame> frame = new SimpleObjectProperty<>(this, "frame");
    private final ObjectProperty<Consumer<String>> onStep = new SimpleObjectProperty<>(this, "onStep");
    private final ObjectProperty<CameraMode> camera = new SimpleObjectProperty<>(this, "camera", CameraMode.FOLLOW);
    private final DoubleProperty readableText = new SimpleDoubleProperty(this, "readableText", 14);
    private final DoubleProperty bannerText = new SimpleDoubleProperty(this, "bannerText", 0);
    private final DoubleProperty zoom = new SimpleDoubleProperty(this, "zoom", 1);
    final ReadOnlyDoubleWrapper scale = new ReadOnlyDoubleWrapper(this, "scale", 1);
    private final ObjectProperty<MotionClock> clock = new SimpleObjectProperty<>(this, "clock", new FxMotionClock());
    private final DoubleProperty speed = new SimpleDoubleProperty(this, "speed", 1);
    private final BooleanProperty reducedMotion = new SimpleBooleanProperty(this, "reducedMotion");
    private final BooleanProperty scrubbing = new SimpleBooleanProperty(this, "scrubbing");
    private final javafx.collections.ObservableList<javafx.scene.Node> covers =
            javafx.collections.FXCollections.observableArrayList();

    private static final String STYLESHEET =
            StageView.class.getResource("stage-view.css").toExternalForm();

    public StageView() {
        getStyleClass().add("stage-view");
        setFocusTraversable(false);
    }

    public ObjectProperty<StageCast> castProperty() {
        return cast;
    }

    public void setCast(StageCast c) {
        cast.set(c);
    }

    public ObjectProperty<StageFrame> frameProperty() {
        return frame;
    }

    public void setFrame(StageFrame f) {
        frame.set(f);
    }

    /** While the learner schedules: what a Step button on a lane or device does; {@code null} hides the buttons. */
    public ObjectProperty<Consumer<String>> onStepProperty() {
        return onStep;
    }

    /** What the camera shows: each step's region (the default), the whole scene, or the user's own zoom. */
    public ObjectProperty<CameraMode> cameraProperty() {
        return camera;
    }

    /**
     * How high, in screen px, the smallest text of what a step involves should be while following: the camera zooms
     * in until it is, as far as the step's region allows (presenter mode asks for more than the window).
     */
    public DoubleProperty readableTextProperty() {
        return readableText;
    }

    /**
     * The invariant banner's type size in screen px, or 0 for the stylesheet's (a presenter on a large screen asks
     * for more; the banner is not scaled with the stage).
     */
    public DoubleProperty bannerTextProperty() {
        return bannerText;
    }

    /** The scale of a manual zoom (1 = stage units are pixels). */
    public DoubleProperty zoomProperty() {
        return zoom;
    }

    /** The scale in effect, fitted or not. */
    public ReadOnlyDoubleProperty scaleProperty() {
        return scale.getReadOnlyProperty();
    }

    public void zoomIn() {
        zoomTo(scale.get() * 1.25);
    }

    public void zoomOut() {
        zoomTo(scale.get() / 1.25);
    }

    public void zoomTo(double s) {
        zoom.set(Math.clamp(s, 0.2, MAX_ZOOM));
        camera.set(CameraMode.MANUAL);
    }

    /** Back to following the steps (Ctrl 0). */
    public void fit() {
        camera.set(CameraMode.FOLLOW);
    }

    /** The whole scene (O); again, back to following. */
    public void overview() {
        camera.set(camera.get() == CameraMode.OVERVIEW ? CameraMode.FOLLOW : CameraMode.OVERVIEW);
    }

    public ObjectProperty<MotionClock> clockProperty() {
        return clock;
    }

    /** Playback speed (1 = normal): transitions take {@link #BASE_MILLIS} / speed. */
    public DoubleProperty speedProperty() {
        return speed;
    }

    public BooleanProperty reducedMotionProperty() {
        return reducedMotion;
    }

    /** Set while the user drags the scrubber: steps then change without motion. */
    public BooleanProperty scrubbingProperty() {
        return scrubbing;
    }

    /**
     * What is drawn over the stage (a note in its corner, a pane laid across it): while one shows, the camera frames
     * each step in the part of the stage it leaves free, never under it.
     */
    public javafx.collections.ObservableList<javafx.scene.Node> covers() {
        return covers;
    }

    /** The stage's own stylesheet (each card brings its own): colours from the theme's variables only. */
    @Override
    public String getUserAgentStylesheet() {
        return STYLESHEET;
    }

    @Override
    protected Skin<?> createDefaultSkin() {
        return new StageViewSkin(this);
    }
}
