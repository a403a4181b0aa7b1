package org.diolab.app.export;

import atlantafx.base.theme.PrimerDark;
import atlantafx.base.theme.PrimerLight;
import java.util.List;
import java.util.function.UnaryOperator;
import javafx.geometry.Pos;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.image.WritableImage;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.diolab.app.stage.StageFrame;
import org.diolab.app.stage.StageView;
import org.diolab.app.stage.camera.CameraMode;
import org.diolab.app.stage.cast.LanePaths;
import org.diolab.app.stage.cast.StageCasting;
import org.diolab.app.stage.motion.ManualMotionClock;
import org.diolab.engine.EventKind;
import org.diolab.engine.Narration;
import org.diolab.engine.Simulator;
import org.diolab.engine.Snapshot;
import org.diolab.engine.Trace;
import org.diolab.engine.op.Policy;
import org.diolab.lesson.Lesson;

/**
 * Composes one exported frame per step, all exactly the same size: the lesson's title, the policy and the step
 * counter on top, the step's caption, then the stage (its camera following the step, with its invariant banner) — in
 * the chosen theme, offscreen. FX thread only.
 *
 * <pre>{@code
 * FrameComposer frames = new FrameComposer(lesson, policy, lesson.play(policy), FrameSize.FULL_HD, false, css);
 * WritableImage step6 = frames.render(6);
 * }</pre>
 */
public final class FrameComposer {
    /** A caption longer than this many lines (of the caption's type) is cut: the stage keeps the rest of the frame. */
    private static final int MAX_CAPTION_LINES = 8;

    private final Lesson lesson;
    private final Trace trace;
    private final LanePaths lanes;
    private final StageView stage = new StageView();
    private final ManualMotionClock clock = new ManualMotionClock();
    /** The step whose transition is under way, or -1. */
    private int moving = -1;

    private final Label step = new Label();
    private final Label action = new Label();
    private final Label narration = new Label();
    private final VBox caption = new VBox(4, action, narration);
    /** The caption's height in every frame (px): its tallest step's words. */
    private final double captionHeight;

    private final Scene scene;
    /** The caption's type size, which the banner takes too: both grow with the frame. */
    private final double font;

    /**
     * @param stylesheet the app's stylesheet (URL), so frames look like the window
     */
    public FrameComposer(Lesson lesson, Policy policy, Trace trace, FrameSize size, boolean dark, String stylesheet) {
        this.lesson = lesson;
        this.trace = trace;
        Simulator sim = lesson.simulator(policy);
        UnaryOperator<String> titles = StageCasting.threadTitles(lesson.scenario());
        this.lanes = new LanePaths(sim, trace, titles);
        stage.clockProperty().set(clock);
        stage.reducedMotionProperty().set(true);
        // A frame is watched like a projected talk: the camera follows each step (what it changed, in view) at the
        // presenter's readable size scaled to the frame (18 px at 1080 lines), not the whole scene small.
        stage.cameraProperty().set(CameraMode.FOLLOW);
        stage.readableTextProperty().set(readableText(size));

        Label brand = new Label("DIO Lab");
        brand.getStyleClass().add("brand");
        brand.setMinWidth(Region.USE_PREF_SIZE);
        Label title = new Label(lesson.title());
        title.getStyleClass().add("export-title");
        title.setWrapText(true);
        title.setMinHeight(Region.USE_PREF_SIZE);
        HBox.setHgrow(title, Priority.ALWAYS);
        title.setMaxWidth(Double.MAX_VALUE);
        String role = lesson.choice(policy).map(c -> c.role().id()).orElse("");
        Label pol = new Label(policy.id() + (role.isEmpty() ? "" : " · " + role));
        pol.getStyleClass().add("export-policy");
        pol.setMinWidth(Region.USE_PREF_SIZE);
        step.getStyleClass().add("export-step");
        step.setMinWidth(Region.USE_PREF_SIZE);
        HBox header = new HBox(18, brand, title, pol, step);
        header.setAlignment(Pos.CENTER_LEFT);
        header.getStyleClass().add("export-header");
        action.getStyleClass().add("export-action");
        narration.getStyleClass().add("export-narration");
        for (Label l : List.of(action, narration)) {
            l.setWrapText(true);
            l.setMinHeight(Region.USE_PREF_SIZE);
            l.setMaxWidth(Double.MAX_VALUE);
        }
        caption.getStyleClass().add("export-caption");
        font = Math.max(11, Math.round(size.height() / 1080.0 * 22));
        VBox.setVgrow(stage, Priority.ALWAYS);
        VBox root = new VBox(12, header, caption, stage);
        root.getStyleClass().addAll("export-frame", "main-window");
        root.setStyle("-fx-font-size: " + font + "px;");
        scene = new Scene(root, size.width(), size.height());
        scene.setUserAgentStylesheet(
                dark ? new PrimerDark().getUserAgentStylesheet() : new PrimerLight().getUserAgentStylesheet());
        scene.getStylesheets().add(stylesheet);
        // The caption is as high as the longest of its steps' texts, and that height for every frame: the stage
        // below keeps its size (nothing moves from one frame to the next) and gets all the height the words leave.
        captionHeight = captionHeight(root, Math.ceil(font * 1.45 * MAX_CAPTION_LINES));
        caption.setMinHeight(captionHeight);
        caption.setPrefHeight(captionHeight);
        caption.setMaxHeight(captionHeight);
        stage.setCast(StageCasting.of(sim, trace, titles));
    }

    /** The height the tallest step's caption needs at the frame's width, at most {@code most}. */
    private double captionHeight(VBox root, double most) {
        root.applyCss();
        root.layout();
        double width = caption.getWidth();
        double h = 0;
        for (int i = 0; i < trace.size(); i++) {
            caption(i);
            root.applyCss();
            h = Math.max(h, caption.prefHeight(width));
        }
        return Math.min(Math.ceil(h), most);
    }

    /** The caption's height in every frame, px. */
    double captionHeight() {
        return captionHeight;
    }

    /** The stage's readable text in a frame of {@code size}: the presenter's 18 px at 1080 lines, in proportion. */
    public static double readableText(FrameSize size) {
        return Math.max(9, size.height() / 1080.0 * 18);
    }

    public int steps() {
        return trace.size();
    }

    /** The frame of step {@code index}: its still picture. */
    public WritableImage render(int index) {
        clock.finish();
        moving = -1;
        stage.reducedMotionProperty().set(true);
        caption(index);
        stage.setFrame(frame(index));
        return snapshot();
    }

    /**
     * A frame of the transition into step {@code index} (≥ 1) at {@code progress} (0 ≤ progress < 1), as the window
     * plays it: the packet on its way, and nothing the step causes before it lands. Frames of one transition are asked
     * for in order; then {@link #render} gives the step's still picture.
     */
    public WritableImage renderMoving(int index, double progress) {
        if (moving != index) {
            clock.finish();
            stage.reducedMotionProperty().set(true);
            stage.setFrame(frame(index - 1));
            scene.getRoot().applyCss(); // the stage's skin exists from the first pass: it must see the step forward
            stage.reducedMotionProperty().set(false);
            caption(index);
            stage.setFrame(frame(index)); // a step forward: the stage starts its transition on the manual clock
            moving = index;
        }
        clock.seek(progress);
        return snapshot();
    }

    private StageFrame frame(int index) {
        return new StageFrame(trace, index, lanes.at(index));
    }

    private void caption(int index) {
        Snapshot s = trace.get(index);
        step.setText("step " + index + " / " + (trace.size() - 1));
        action.setText(
                s.index() == 0
                        ? "Start"
                        : (s.event().kind() == EventKind.STEP
                                        ? ""
                                        : s.event().kind().name().toLowerCase() + ": ")
                                + s.event().action());
        Narration n = s.narration();
        narration.setText(n == null ? "" : n.text());
        narration.setVisible(n != null);
        narration.setManaged(n != null);
    }

    private WritableImage snapshot() {
        scene.getRoot().applyCss();
        if (scene.getRoot().lookup("#stage-banner") instanceof Label banner
                && banner.getStyle().isEmpty()) {
            // The stage sets its own type in px (it is scaled as a whole); the banner is read like the caption.
            banner.setStyle("-fx-font-size: " + font + "px;");
            scene.getRoot().applyCss();
        }
        scene.getRoot().layout();
        return scene.snapshot(null);
    }

    /** The frame's scene (tests read its nodes). */
    Scene scene() {
        return scene;
    }

    public Lesson lesson() {
        return lesson;
    }
}
