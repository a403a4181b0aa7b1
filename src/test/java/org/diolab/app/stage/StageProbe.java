package org.diolab.app.stage;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import javafx.geometry.Rectangle2D;
import javafx.scene.layout.Region;
import org.diolab.app.stage.cards.LaneRow;
import org.diolab.app.stage.cards.StageCard;
import org.diolab.app.stage.layout.Route;
import org.diolab.app.stage.layout.StageLayout;
import org.diolab.engine.model.Ref;

/**
 * What a {@link StageView} has on show, as tests read it: the layout in use, the arrows of the step, the objects on
 * show, the part of the stage in view, a card or lane, the DMA packets in flight. It reads the view's skin, so the
 * control's own API stays what the app needs; an unskinned view shows nothing.
 *
 * <pre>{@code
 * StageProbe probe = StageProbe.of(window.stageView());
 * assertThat(probe.routes()).extracting(Route::kind).contains(ArrowKind.DMA);
 * }</pre>
 */
public final class StageProbe {
    private final StageView view;

    private StageProbe(StageView view) {
        this.view = view;
    }

    public static StageProbe of(StageView view) {
        return new StageProbe(view);
    }

    /** The layout in use (empty before the first cast is measured). */
    public StageLayout layout() {
        return skin().map(StageViewSkin::layoutInUse).orElse(StageLayout.empty());
    }

    /** The arrows drawn for the step on show. */
    public List<Route> routes() {
        return skin().map(StageViewSkin::routes).orElse(List.of());
    }

    /** Objects on show at this step. */
    public Set<Ref> shown() {
        return skin().map(StageViewSkin::shown).orElse(Set.of());
    }

    /** The part of the stage (in stage units) the viewport shows now. */
    public Rectangle2D visibleArea() {
        return skin().map(StageViewSkin::visibleArea).orElse(Rectangle2D.EMPTY);
    }

    /** The cards a mark at the frame's edge names: what the step involves and the shot leaves out. */
    public Set<Ref> offView() {
        return skin().map(StageViewSkin::offView).orElse(Set.of());
    }

    /** The card of an object, if the cast has one. */
    public Optional<StageCard<?>> card(Ref ref) {
        return skin().map(s -> s.card(ref));
    }

    /** The lane row of an actor, if it has one. */
    public Optional<LaneRow> lane(String actor) {
        return skin().map(s -> s.laneRow(actor));
    }

    /** Whether a step's transition is still under way (its still picture is not on show yet). */
    public boolean moving() {
        return skin().map(StageViewSkin::moving).orElse(false);
    }

    /** The DMA packets in flight now (where a transition is). */
    public List<Region> packets() {
        return skin().map(StageViewSkin::packets).orElse(List.of());
    }

    private Optional<StageViewSkin> skin() {
        return view.getSkin() instanceof StageViewSkin s ? Optional.of(s) : Optional.empty();
    }
}
