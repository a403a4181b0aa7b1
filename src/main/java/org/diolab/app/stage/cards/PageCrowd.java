package org.diolab.app.stage.cards;

import java.util.Locale;
import javafx.scene.control.Label;
import javafx.scene.layout.VBox;
import org.diolab.app.stage.cast.Crowds;
import org.diolab.app.stage.layout.Crowd;
import org.diolab.engine.model.Page;
import org.diolab.engine.model.PageFlag;

/**
 * A crowd of pages on the stage (see {@link Crowds}): its caption over one cell per page. A cell is filled while the
 * page is on show, darker while it is pinned or under writeback, red when an invariant names it, outlined and notched
 * when the step changed it; hovering a cell names the page, its bytes and its pins.
 */
public final class PageCrowd extends VBox {
    private final Crowd crowd;
    private final CellGrid grid;
    private final Page[] pages;

    public PageCrowd(Crowd crowd) {
        super(4);
        this.crowd = crowd;
        this.pages = new Page[crowd.members().size()];
        getStyleClass().add("page-crowd");
        Label caption = new CrowdCaption(crowd.caption());
        grid = new CellGrid(crowd.members().size(), crowd.cols());
        getChildren().addAll(caption, grid);
        setId("crowd-" + crowd.column().name().toLowerCase(Locale.ROOT));
        setAccessibleText(crowd.caption());
    }

    public Crowd crowd() {
        return crowd;
    }

    public CellGrid grid() {
        return grid;
    }

    /**
     * Shows one step: {@code values[i]} is member {@code i}'s page, or null while it is not on show.
     *
     * @param changed whether the step changed member {@code i}
     * @param marked  whether a broken invariant names it
     */
    public void show(Page[] values, boolean[] changed, boolean[] marked) {
        System.arraycopy(values, 0, pages, 0, pages.length);
        CellGrid.Look[] looks = new CellGrid.Look[values.length];
        int pinned = 0;
        int touched = 0;
        for (int i = 0; i < values.length; i++) {
            Page p = values[i];
            looks[i] = p == null
                    ? CellGrid.Look.NONE
                    : marked[i]
                            ? CellGrid.Look.BAD
                            : p.pins() > 0 || p.has(PageFlag.WRITEBACK) ? CellGrid.Look.HELD : CellGrid.Look.PLAIN;
            pinned += p != null && p.pins() > 0 ? 1 : 0;
            touched += changed[i] ? 1 : 0;
        }
        grid.show(looks, changed, this::describe);
        setAccessibleText(crowd.caption() + ", " + Crowds.count(pinned) + " pinned, " + Crowds.count(touched)
                + " changed by this step");
    }

    /** What hovering cell {@code i} says. */
    String describe(int i) {
        Page p = pages[i];
        String id = crowd.members().get(i).toString().substring("page:".length());
        if (p == null) {
            return id + " · not on show at this step";
        }
        return p.id() + " · " + p.kind().label() + " · holds " + p.bytes() + " · "
                + (p.freed() ? "freed" : p.pins() == 0 ? "not pinned" : "pinned ×" + p.pins())
                + (p.flags().isEmpty()
                        ? ""
                        : " · " + p.flags().stream().map(PageFlag::label).toList());
    }
}
