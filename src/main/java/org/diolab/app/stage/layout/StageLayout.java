package org.diolab.app.stage.layout;

import java.util.List;
import java.util.Map;
import javafx.geometry.Rectangle2D;
import org.diolab.engine.model.Ref;

/**
 * Where everything on the stage sits, in stage units (px at zoom 1), computed once per cast by {@link LayoutEngine}.
 * Every object that ever appears has its own fixed place; zoom scales the whole picture.
 *
 * @param cards      each member's card
 * @param strips     strip index of each card (see {@link Strip})
 * @param lanes      each lane row, by actor id
 * @param lanesBand  the box the lanes sit in (the wait-for loop of a deadlock runs down its left margin)
 * @param channels   the horizontal arrow channels: the one under the column headings, the one under the columns
 * @param crowds     the crowds of pages drawn as grids (see {@link Crowds}); each member's cell is also in {@code cards}
 */
public record StageLayout(
        double width,
        double height,
        Map<Ref, Rectangle2D> cards,
        Map<Ref, Integer> strips,
        List<Strip> stripList,
        Map<String, Rectangle2D> lanes,
        Rectangle2D lanesBand,
        List<Heading> headings,
        List<Rectangle2D> channels,
        List<Crowd> crowds) {
    public StageLayout {
        cards = Map.copyOf(cards);
        strips = Map.copyOf(strips);
        stripList = List.copyOf(stripList);
        lanes = Map.copyOf(lanes);
        headings = List.copyOf(headings);
        channels = List.copyOf(channels);
        crowds = List.copyOf(crowds);
    }

    public static StageLayout empty() {
        return new StageLayout(
                0, 0, Map.of(), Map.of(), List.of(), Map.of(), Rectangle2D.EMPTY, List.of(), List.of(), List.of());
    }

    public Rectangle2D card(Ref ref) {
        return cards.get(ref);
    }

    /** The crowd whose grid holds {@code ref}'s cell, or null for an object with a card of its own. */
    public Crowd crowdOf(Ref ref) {
        for (Crowd c : crowds) {
            if (c.index().containsKey(ref)) {
                return c;
            }
        }
        return null;
    }

    /** The gutter left of strip {@code i} ({@code i == strips} is the margin right of the last one). */
    public double gutterMinX(int i) {
        return i == 0 ? 0 : stripList.get(i - 1).maxX();
    }

    public double gutterMaxX(int i) {
        return i == stripList.size() ? width : stripList.get(i).minX();
    }
}
