package org.diolab.app;

import atlantafx.base.theme.Styles;
import javafx.beans.binding.Bindings;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import org.diolab.app.lesson.LessonFrame;
import org.diolab.app.lesson.LessonViewModel;
import org.diolab.app.stage.StageView;
import org.diolab.app.stage.spacetime.SpaceTimeRun;
import org.diolab.app.stage.spacetime.SpaceTimeView;
import org.diolab.engine.Trace;
import org.diolab.engine.op.Policy;
import org.diolab.lesson.Lesson;
import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.materialdesign2.MaterialDesignC;
import org.kordamp.ikonli.materialdesign2.MaterialDesignF;
import org.kordamp.ikonli.materialdesign2.MaterialDesignM;

/**
 * The Animation tab: the stage, the run's space-time view beside it, and a small toolbar (zoom, fit, space-time,
 * reduced motion). It hands the stage the lesson's frame, one per step.
 */
public final class StageArea extends BorderPane {
    /** The on-screen px of the smallest text of a step's objects the camera aims for, in the window. */
    public static final double WINDOW_TEXT = 14;
    /** The same in presenter mode: legible from the back of a room at 1280×720. */
    public static final double PRESENTING_TEXT = 18;

    private final LessonViewModel vm;
    private final StageView stage = new StageView();
    private final SpaceTimeView spaceTime = new SpaceTimeView();
    private final ToggleButton showSpaceTime = new ToggleButton(null, new FontIcon(MaterialDesignC.CHART_TIMELINE));
    private final ToggleButton reducedMotion = new ToggleButton(null, new FontIcon(MaterialDesignM.MOTION_PAUSE));
    private boolean spaceTimeAuto = true;
    /** The run the space-time view draws. */
    private Trace runShown;

    private final javafx.beans.property.BooleanProperty toolbarShown =
            new javafx.beans.property.SimpleBooleanProperty(this, "toolbarShown", true);

    public StageArea(LessonViewModel vm, TimelineBar timeline) {
        this.vm = vm;
        getStyleClass().add("stage-area");
        stage.setFocusTraversable(true);
        stage.setOnMouseClicked(e -> stage.requestFocus());
        stage.castProperty().bind(vm.castProperty());
        stage.speedProperty().bind(timeline.speedProperty());
        stage.scrubbingProperty().bind(timeline.scrubbingProperty());
        stage.reducedMotionProperty().bind(reducedMotion.selectedProperty());
        spaceTime.indexProperty().bind(vm.indexProperty());
        spaceTime.setOnJump(i -> vm.goTo(i));
        spaceTime.visibleProperty().bind(showSpaceTime.selectedProperty());
        spaceTime.managedProperty().bind(showSpaceTime.selectedProperty());
        // Beside the stage when there is room for both, and not while presenting (then every pixel goes to the stage,
        // T still shows it); the user's own choice wins from then on.
        showSpaceTime.setSelected(false);
        showSpaceTime.setOnAction(e -> spaceTimeAuto = false);
        widthProperty().addListener((o, a, w) -> autoSpaceTime());
        toolbarShown.addListener((o, a, shown) -> autoSpaceTime());

        HBox bar = toolbar();
        bar.visibleProperty().bind(toolbarShown);
        bar.managedProperty().bind(toolbarShown);
        setTop(bar);
        setLeft(spaceTime);
        setCenter(stage);
        vm.frameProperty().addListener((o, a, f) -> draw(f));
    }

    private void autoSpaceTime() {
        if (spaceTimeAuto) {
            showSpaceTime.setSelected(getWidth() >= 1000 && toolbarShown.get());
        }
    }

    private HBox toolbar() {
        Button out = iconButton("zoom-out", MaterialDesignM.MAGNIFY_MINUS_OUTLINE, "Zoom out (Ctrl −)", stage::zoomOut);
        Button in = iconButton("zoom-in", MaterialDesignM.MAGNIFY_PLUS_OUTLINE, "Zoom in (Ctrl +)", stage::zoomIn);
        Button fit = iconButton(
                "zoom-fit",
                MaterialDesignF.FIT_TO_SCREEN_OUTLINE,
                "Fit: follow each step's action (Ctrl 0)",
                stage::fit);
        Button whole = iconButton(
                "zoom-whole", MaterialDesignM.MAGNIFY_EXPAND, "The whole scene (O; again to follow)", stage::overview);
        Label level = new Label();
        level.setId("zoom-level");
        level.getStyleClass().add("zoom-level");
        level.setMinWidth(Region.USE_PREF_SIZE);
        level.textProperty()
                .bind(Bindings.createStringBinding(
                        () -> switch (stage.cameraProperty().get()) {
                                    case FOLLOW -> "fit ";
                                    case OVERVIEW -> "whole ";
                                    case MANUAL -> "";
                                }
                                + Math.round(stage.scaleProperty().get() * 100) + "%",
                        stage.scaleProperty(),
                        stage.cameraProperty()));
        showSpaceTime.setId("toggle-space-time");
        showSpaceTime.setTooltip(new Tooltip("The whole run as a space-time picture (T)"));
        reducedMotion.setId("toggle-motion");
        reducedMotion.setTooltip(new Tooltip("Reduced motion: steps change without animation (M)"));
        for (ToggleButton t : new ToggleButton[] {showSpaceTime, reducedMotion}) {
            t.getStyleClass().addAll(Styles.BUTTON_ICON, Styles.FLAT);
            t.setFocusTraversable(false);
        }
        Region grow = new Region();
        HBox.setHgrow(grow, Priority.ALWAYS);
        HBox bar = new HBox(4, showSpaceTime, grow, reducedMotion, out, level, in, fit, whole);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.getStyleClass().add("stage-toolbar");
        return bar;
    }

    private static Button iconButton(String id, org.kordamp.ikonli.Ikon icon, String tip, Runnable action) {
        Button b = new Button(null, new FontIcon(icon));
        b.setId(id);
        b.getStyleClass().addAll(Styles.BUTTON_ICON, Styles.FLAT);
        b.setTooltip(new Tooltip(tip));
        b.setAccessibleText(tip);
        b.setFocusTraversable(false);
        b.setOnAction(e -> action.run());
        return b;
    }

    /** One step of the lesson: the stage draws it, and the space-time view follows its run. */
    private void draw(LessonFrame f) {
        if (f == null) {
            return;
        }
        if (f.trace() != runShown) {
            runShown = f.trace();
            Lesson l = vm.lessonProperty().get();
            Policy p = vm.policyProperty().get();
            spaceTime.setRun(
                    l == null || p == null ? SpaceTimeRun.empty() : SpaceTimeRun.of(f.trace(), l.simulator(p)));
        }
        stage.onStepProperty().set(f.scheduling() ? vm.scheduling()::schedule : null);
        stage.setFrame(f.stage());
    }

    /** Whether the zoom and view toolbar shows (presenter mode hides it; its keys still work). */
    public javafx.beans.property.BooleanProperty toolbarShownProperty() {
        return toolbarShown;
    }

    public StageView stage() {
        return stage;
    }

    public SpaceTimeView spaceTime() {
        return spaceTime;
    }

    public ToggleButton spaceTimeToggle() {
        return showSpaceTime;
    }

    public ToggleButton reducedMotionToggle() {
        return reducedMotion;
    }
}
