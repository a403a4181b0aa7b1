package org.diolab.app.stage;

import java.util.List;
import java.util.Set;
import javafx.css.PseudoClass;
import javafx.geometry.Bounds;
import javafx.geometry.Rectangle2D;
import javafx.scene.Group;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.SkinBase;
import javafx.scene.input.ScrollEvent;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.scene.transform.Scale;
import org.diolab.app.stage.cards.LaneRow;
import org.diolab.app.stage.cards.StageCard;
import org.diolab.app.stage.cast.StageCast;
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
import org.diolab.engine.model.Ref;

/**
 * Draws a {@link StageView}: the invariant banner over a scrollable, zoomable {@link StageContent}. Lays the cast out
 * once; each frame only updates values, highlights, arrows and — for a step forward — plays the transition.
 */
final class StageViewSkin extends SkinBase<StageView> implements StageNodes {
    private static final PseudoClass VIOLATED = PseudoClass.getPseudoClass("violated");
    private final StageContent content = new StageContent();
    private final Scale zoom = new Scale(1, 1, 0, 0);
    private final StackPane centerer = new StackPane(new Group(content));
    private final ScrollPane scroll = new ScrollPane(centerer);
    private final InvariantBanner banner = new InvariantBanner();
    private final VBox root = new VBox(banner, scroll);
    private StageCast builtFor;
    private boolean builtScheduling;
    private StageFrame shownFrame;
    private Trace bannerFor;
    private List<Route> routes = List.of();
    private List<String> loopFor = List.of();
    private Set<Ref> shown = Set.of();
    private MotionClock.Running running;
    private Transition transition = Transition.none();

    StageViewSkin(StageView view) {
        super(view);
        content.getTransforms().add(zoom);
        scroll.getStyleClass().add("stage-scroll");
        scroll.setFocusTraversable(false);
        scroll.setPannable(true);
        // The scroll pane keeps its viewport as a bitmap. The stage changes every step and every frame of a
        // transition, so the bitmap saves nothing, and a snapshot (every exported frame, every screenshot) was drawn
        // from a stale one: the picture of an earlier step.
        scroll.skinProperty().addListener((o, a, skin) -> {
            if (scroll.lookup(".viewport") instanceof Node viewport) {
                viewport.setCache(false);
            }
        });
        centerer.getStyleClass().add("stage-canvas");
        scroll.viewportBoundsProperty().addListener((o, a, b) -> rescale());
        VBox.setVgrow(scroll, javafx.scene.layout.Priority.ALWAYS);
        scroll.addEventFilter(ScrollEvent.SCROLL, e -> {
            if (e.isShortcutDown() && e.getDeltaY() != 0) {
                if (e.getDeltaY() > 0) {
                    view.zoomIn();
                } else {
                    view.zoomOut();
                }
                e.consume();
            }
        });
        getChildren().add(root);
        registerChangeListener(view.castProperty(), e -> rebuild());
        registerChangeListener(view.frameProperty(), e -> apply(true));
        registerChangeListener(view.onStepProperty(), e -> rebuild());
        registerChangeListener(view.fitProperty(), e -> rescale());
        registerChangeListener(view.zoomProperty(), e -> rescale());
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
        content.loops.getChildren().clear();
        banner.reset();
        bannerFor = null;
        shownFrame = null;
        rescale();
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
        FrameState state = FrameState.of(s, builtFor.locks(), frame.lanes());
        shown = state.apply(content, view.onStepProperty().get());
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
        List<String> cycle = WaitLoops.cycle(frame.lanes());
        if (!cycle.equals(loopFor)) {
            loopFor = cycle;
            content.loops
                    .getChildren()
                    .setAll(WaitLoops.draw(cycle, content.layout.lanes(), content.layout.lanesBand()));
        }
        content.motion.getChildren().clear();
        if (frame.trace() != bannerFor) {
            bannerFor = frame.trace();
            banner.expect(frame.trace().snapshots());
        }
        banner.show(s.violations());
        view.pseudoClassStateChanged(VIOLATED, !s.violations().isEmpty());
        if (mayAnimate
                && prev != null
                && prev.precedes(frame)
                && !view.reducedMotionProperty().get()
                && !view.scrubbingProperty().get()
                && view.speedProperty().get() > 0) {
            List<Route> dma =
                    routes.stream().filter(r -> r.kind() == ArrowKind.DMA).toList();
            transition = MotionPlanner.plan(prev.snapshot(), s, dma, this);
            double millis = StageView.BASE_MILLIS / view.speedProperty().get();
            Transition mine = transition;
            running = view.clockProperty().get().start(millis, mine::apply, () -> {
                mine.end();
                running = null;
            });
        }
        rescale(); // a big stage may zoom out for a step whose changes would not fit; then scrolls them into view
    }

    private void stopMotion() {
        if (running != null) {
            running.stop();
            running = null;
        }
        transition.end();
        transition = Transition.none();
        content.motion.getChildren().clear();
    }

    private void rescale() {
        StageView view = getSkinnable();
        Bounds vp = scroll.getViewportBounds();
        StageLayout l = content.layout;
        double s = view.zoomProperty().get();
        if (view.fitProperty().get() && l.width() > 0 && vp.getWidth() > 0) {
            s = Math.min((vp.getWidth() - 4) / l.width(), (vp.getHeight() - 4) / l.height());
            if (s < StageView.MIN_FIT) {
                // Too big to fit readable: stay at MIN_FIT and scroll, unless what this step changes would not fit
                // either; then zoom out just enough to show all of it (never below showing the whole stage).
                Rectangle2D want = shownFrame == null
                        ? null
                        : changedArea(shownFrame.snapshot().changed());
                double forStep = want == null
                        ? StageView.MIN_FIT
                        : Math.min((vp.getWidth() - 8) / want.getWidth(), (vp.getHeight() - 8) / want.getHeight());
                s = Math.clamp(Math.min(StageView.MIN_FIT, forStep), s, StageView.MIN_FIT);
            }
            s = Math.min(s, StageView.MAX_ZOOM);
        }
        double prefW = Math.max(vp.getWidth(), l.width() * s);
        double prefH = Math.max(vp.getHeight(), l.height() * s);
        boolean resized = s != zoom.getX()
                || prefW != centerer.getPrefWidth()
                || prefH != centerer.getPrefHeight()
                || vp.getWidth() != centerer.getMinWidth()
                || vp.getHeight() != centerer.getMinHeight();
        zoom.setX(s);
        zoom.setY(s);
        view.scale.set(s);
        centerer.setMinSize(vp.getWidth(), vp.getHeight());
        centerer.setPrefSize(prefW, prefH);
        if (shownFrame != null) {
            if (resized) {
                // The new size before scrolling: ensureVisible reads the viewport. Only when it changed: a forced
                // layout here, before the step's CSS is applied, would lay the whole stage out twice a step.
                scroll.layout();
            }
            ensureVisible(shownFrame.snapshot().changed());
        }
    }

    /** Scrolls so that what the step changed is in view (when the stage is larger than its viewport). */
    private void ensureVisible(Set<Ref> changed) {
        Rectangle2D want = changedArea(changed);
        Rectangle2D seen = visibleArea();
        if (want == null || seen.getWidth() <= 0 || contains(seen, want)) {
            return;
        }
        double s = zoom.getX();
        Bounds vp = scroll.getViewportBounds();
        double totalW = centerer.getPrefWidth();
        double totalH = centerer.getPrefHeight();
        if (totalW > vp.getWidth()) {
            double cx = (want.getMinX() + want.getWidth() / 2) * s - vp.getWidth() / 2;
            scroll.setHvalue(Math.clamp(cx / (totalW - vp.getWidth()), 0, 1));
        }
        if (totalH > vp.getHeight()) {
            double cy = (want.getMinY() + want.getHeight() / 2) * s - vp.getHeight() / 2;
            scroll.setVvalue(Math.clamp(cy / (totalH - vp.getHeight()), 0, 1));
        }
    }

    /**
     * The smallest rectangle holding the whole card of every drawn object in {@code changed} (a block's device, a
     * checksum's table: the reader needs the card's title to know what changed), in stage units, or null.
     */
    private Rectangle2D changedArea(Set<Ref> changed) {
        Rectangle2D want = null;
        for (Ref r : changed) {
            Rectangle2D drawn = rectOf(r);
            Rectangle2D card = drawn == null ? null : content.layout.card(StageCast.cardOf(r));
            Rectangle2D b = card != null ? card : drawn;
            if (b != null) {
                want = want == null ? b : union(want, b);
            }
        }
        return want;
    }

    /** The stage area in view, in stage units. */
    Rectangle2D visibleArea() {
        Bounds vp = scroll.getViewportBounds();
        double s = zoom.getX();
        StageLayout l = content.layout;
        if (vp.getWidth() <= 0 || s <= 0) {
            return Rectangle2D.EMPTY;
        }
        double offX = Math.max(0, (vp.getWidth() - l.width() * s) / 2);
        double offY = Math.max(0, (vp.getHeight() - l.height() * s) / 2);
        double sx = Math.max(0, l.width() * s - vp.getWidth()) * scroll.getHvalue();
        double sy = Math.max(0, l.height() * s - vp.getHeight()) * scroll.getVvalue();
        return new Rectangle2D((sx - offX) / s, (sy - offY) / s, vp.getWidth() / s, vp.getHeight() / s);
    }

    private Rectangle2D rectOf(Ref r) {
        Rectangle2D anchor = Anchor.forRef(r).map(content.anchors::get).orElse(null);
        if (anchor != null) {
            return anchor;
        }
        return content.layout.card(StageCast.cardOf(r));
    }

    private static boolean contains(Rectangle2D outer, Rectangle2D inner) {
        return inner.getMinX() >= outer.getMinX() - 0.5
                && inner.getMinY() >= outer.getMinY() - 0.5
                && inner.getMaxX() <= outer.getMaxX() + 0.5
                && inner.getMaxY() <= outer.getMaxY() + 0.5;
    }

    private static Rectangle2D union(Rectangle2D a, Rectangle2D b) {
        double x = Math.min(a.getMinX(), b.getMinX());
        double y = Math.min(a.getMinY(), b.getMinY());
        return new Rectangle2D(x, y, Math.max(a.getMaxX(), b.getMaxX()) - x, Math.max(a.getMaxY(), b.getMaxY()) - y);
    }

    // --- what is on show, for tests (they read it through a probe; the control's API does not offer it) ---

    StageLayout layoutInUse() {
        return content.layout;
    }

    List<Route> routes() {
        return routes;
    }

    Set<Ref> shown() {
        return shown;
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
