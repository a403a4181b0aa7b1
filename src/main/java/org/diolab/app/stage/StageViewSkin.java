package org.diolab.app.stage;

import java.util.List;
import java.util.Set;
import javafx.css.PseudoClass;
import javafx.geometry.Rectangle2D;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.SkinBase;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.diolab.app.stage.cards.LaneRow;
import org.diolab.app.stage.cards.StageCard;
import org.diolab.app.stage.cast.ActorLane;
import org.diolab.app.stage.cast.StageCast;
import org.diolab.app.stage.cast.StageMoment;
import org.diolab.app.stage.layout.Anchor;
import org.diolab.app.stage.layout.ArrowKind;
import org.diolab.app.stage.layout.ArrowPlanner;
import org.diolab.app.stage.layout.ArrowShapes;
import org.diolab.app.stage.layout.Route;
import org.diolab.app.stage.layout.StageLayout;
import org.diolab.app.stage.layout.WaitLoops;
import org.diolab.app.stage.motion.MotionClock;
import org.diolab.app.stage.motion.MotionPlanner;
import org.diolab.app.stage.motion.StageNodes;
import org.diolab.app.stage.motion.Transition;
import org.diolab.engine.Snapshot;
import org.diolab.engine.Trace;
import org.diolab.engine.invariant.Invariant;
import org.diolab.engine.invariant.Violation;
import org.diolab.engine.model.Ref;

/**
 * Draws a {@link StageView}: the invariant banner over the {@link StageContent}, which a {@link StageCamera} frames. Lays the cast out once; each frame only updates values, highlights, arrows and — for a step forward — plays
 * the transition.
 */
final class StageViewSkin extends SkinBase<StageView> implements StageNodes {
    private static final PseudoClass VIOLATED = PseudoClass.getPseudoClass("violated");
    private final StageContent content = new StageContent();
    private final StageCamera camera;
    private final InvariantBanner banner = new InvariantBanner();
    private final VBox root;
    private StageCast builtFor;
    private boolean builtScheduling;
    private StageFrame shownFrame;
    private Trace bannerFor;
    private List<Route> routes = List.of();
    private List<String> loopFor = List.of();
    private boolean loopDeadlock;
    private Set<Ref> shown = Set.of();
    private MotionClock.Running running;
    private Transition transition = Transition.none();

    StageViewSkin(StageView view) {
        super(view);
        camera = new StageCamera(view, content, () -> shownFrame, () -> shown);
        root = new VBox(banner, camera.node());
        VBox.setVgrow(camera.node(), Priority.ALWAYS);
        getChildren().add(root);
        registerChangeListener(view.castProperty(), e -> rebuild());
        registerChangeListener(view.frameProperty(), e -> apply(true));
        registerChangeListener(view.onStepProperty(), e -> rebuild());
        registerChangeListener(view.cameraProperty(), e -> camera.update());
        registerChangeListener(view.zoomProperty(), e -> camera.update());
        registerChangeListener(view.readableTextProperty(), e -> camera.update());
        registerChangeListener(view.bannerTextProperty(), e -> bannerSize());
        bannerSize();
        // Cards are measured with CSS, which needs them in a scene: the scroll pane adopts the content only once it
        // has its own skin, so wait for the content's scene rather than the control's.
        registerChangeListener(content.sceneProperty(), e -> rebuild());
        rebuild();
    }

    private void rebuild() {
        StageView view = getSkinnable();
        boolean scheduling = view.onStepProperty().get() != null;
        if (content.getScene() == null || (builtFor == view.castProperty().get() && builtScheduling == scheduling)) {
            return;
        }
        stopMotion();
        builtFor = view.castProperty().get();
        builtScheduling = scheduling;
        content.build(builtFor, scheduling);
        routes = List.of();
        loopFor = List.of();
        loopDeadlock = false;
        content.loops.getChildren().clear();
        banner.reset();
        bannerFor = null;
        shownFrame = null;
        shown = Set.of();
        camera.rebuilt();
        apply(false);
    }

    private void apply(boolean mayAnimate) {
        stopMotion();
        StageView view = getSkinnable();
        StageFrame prev = shownFrame;
        StageFrame frame = view.frameProperty().get();
        if (frame == null || builtFor == null || content.getScene() == null) {
            return;
        }
        shownFrame = frame;
        Snapshot s = frame.snapshot();
        boolean locks = builtFor.locks();
        FrameState still = FrameState.of(s, locks, frame.lanes());
        shown = still.apply(content, view.onStepProperty().get());
        List<Route> planned = ArrowPlanner.plan(s, content.layout, content.anchors, shown);
        // Most steps draw the arrows (and the wait-for loop) of the step before: new shapes would each cost a CSS
        // pass and a bounds update of the whole stage, for the same picture.
        if (!planned.equals(routes) || content.arrows.getChildren().size() != planned.size()) {
            content.arrows
                    .getChildren()
                    .setAll(planned.stream()
                            .map(r -> (Node)
                                    ArrowShapes.draw(r, r.kind() == ArrowKind.BVEC || !(r.to() instanceof Ref.Bio)))
                            .toList());
        }
        routes = planned;
        content.motion.getChildren().clear();
        if (frame.trace() != bannerFor) {
            bannerFor = frame.trace();
            banner.expect(frame.trace().snapshots());
        }
        verdict(frame.lanes(), s.violations());
        if (mayAnimate
                && prev != null
                && prev.precedes(frame)
                && !view.reducedMotionProperty().get()
                && !view.scrubbingProperty().get()
                && view.speedProperty().get() > 0) {
            List<Route> dma =
                    routes.stream().filter(r -> r.kind() == ArrowKind.DMA).toList();
            Transition motion = MotionPlanner.plan(prev.snapshot(), s, dma, this);
            if (motion.landing() > 0) {
                // What the step causes is not true until its packet lands: until then the stage shows the step
                // begun (its actor lit, what it creates, the packet on its way) and everything else as it was.
                FrameState.of(StageMoment.beforeLanding(prev.snapshot(), s, locks, prev.lanes()))
                        .apply(content, view.onStepProperty().get());
                verdict(prev.lanes(), prev.snapshot().violations());
                motion = motion.landingAt(() -> {
                    still.apply(content, view.onStepProperty().get());
                    verdict(frame.lanes(), s.violations());
                });
            }
            transition = motion;
            double millis = StageView.BASE_MILLIS / view.speedProperty().get();
            Transition mine = transition;
            // The camera glides to the step's region with the step's own motion: one clock, one speed.
            camera.beginGlide();
            running = view.clockProperty()
                    .get()
                    .start(
                            millis,
                            t -> {
                                mine.apply(t);
                                camera.glide(t);
                            },
                            () -> {
                                mine.end();
                                camera.glide(1);
                                running = null;
                            });
        } else {
            camera.update(); // stepping back, jumping, scrubbing, reduced motion: cut
        }
    }

    /** The banner, the stage's violated look and the wait-for loop, for these lanes and violations. */
    private void verdict(List<ActorLane> lanes, List<Violation> violations) {
        List<String> cycle = WaitLoops.cycle(lanes);
        boolean deadlock = violations.stream().anyMatch(v -> v.invariant().equals(Invariant.NO_DEADLOCK));
        if (!cycle.equals(loopFor) || deadlock != loopDeadlock) {
            loopFor = cycle;
            loopDeadlock = deadlock;
            content.loops
                    .getChildren()
                    .setAll(WaitLoops.draw(cycle, content.layout.lanes(), content.layout.lanesBand(), deadlock));
        }
        banner.show(violations);
        getSkinnable().pseudoClassStateChanged(VIOLATED, !violations.isEmpty());
    }

    private void stopMotion() {
        if (running != null) {
            running.stop();
            running = null;
            camera.glide(1); // an interrupted glide lands where it was heading
        }
        transition.end();
        transition = Transition.none();
        content.motion.getChildren().clear();
    }

    // --- what is on show, for tests (they read it through a probe; the control's API does not offer it) ---

    private void bannerSize() {
        double px = getSkinnable().bannerTextProperty().get();
        banner.setStyle(px > 0 ? "-fx-font-size: " + px + "px;" : "");
    }

    /** The cards named by a mark at the frame's edge (involved, out of the shot). */
    Set<Ref> offView() {
        return camera.marked();
    }

    /** The marks at the frame's edge on show now. */
    List<Region> marks() {
        return camera.markNodes();
    }

    /** The stage's own nodes as the camera shows them (without the banner and the marks). */
    Node content() {
        return content;
    }

    /** The stage area in view, in stage units. */
    Rectangle2D visibleArea() {
        return camera.visibleArea();
    }

    StageLayout layoutInUse() {
        return content.layout;
    }

    List<Route> routes() {
        return routes;
    }

    Set<Ref> shown() {
        return shown;
    }

    /** Whether a transition is under way. */
    boolean moving() {
        return running != null;
    }

    LaneRow laneRow(String actor) {
        return content.lanes.get(actor);
    }

    List<Region> packets() {
        return content.motion.getChildren().stream()
                .filter(n -> n.isVisible() && n instanceof Region)
                .map(Region.class::cast)
                .toList();
    }

    // --- StageNodes: what a transition borrows ---

    @Override
    public StageCard<?> card(Ref ref) {
        return content.cards.get(ref);
    }

    @Override
    public Rectangle2D rect(Ref ref) {
        return content.layout.card(ref);
    }

    @Override
    public Node part(Anchor a) {
        StageCard<?> card = content.cards.get(a.card());
        return card == null ? null : card.part(a).orElse(null);
    }

    @Override
    public Region packet(String text) {
        Label chip = new Label(text);
        chip.getStyleClass().add("dma-packet");
        chip.setMinWidth(Region.USE_PREF_SIZE);
        chip.setManaged(false);
        chip.setVisible(false);
        content.motion.getChildren().add(chip);
        chip.applyCss();
        return chip;
    }

    @Override
    protected void layoutChildren(double x, double y, double w, double h) {
        root.resizeRelocate(x, y, w, h);
    }
}
