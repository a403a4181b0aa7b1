package org.diolab.app.stage.layout;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javafx.geometry.Rectangle2D;
import org.diolab.app.stage.cast.Column;
import org.diolab.engine.model.Ref;

/**
 * Where a crowd of pages sits (see {@code Crowds}): a caption, then a {@link CrowdGrid} with one small cell per page, in
 * the cast's order. Each page keeps its own fixed cell, which is its place on the stage like a card's.
 *
 * @param box     the whole crowd, caption included, in stage units
 * @param gridTop where the first row of cells starts
 * @param cols    cells per row
 * @param index   each member's cell number
 */
public record Crowd(
        Column column,
        String caption,
        Rectangle2D box,
        double gridTop,
        int cols,
        List<Ref> members,
        Map<Ref, Integer> index) {
    public Crowd {
        members = List.copyOf(members);
        index = Map.copyOf(index);
    }

    Crowd(Column column, String caption, Rectangle2D box, double gridTop, int cols, List<Ref> members) {
        this(column, caption, box, gridTop, cols, members, indexOf(members));
    }

    /** Member {@code i}'s cell, in stage units. */
    public Rectangle2D cell(int i) {
        Rectangle2D c = CrowdGrid.cellAt(i, cols);
        return new Rectangle2D(box.getMinX() + c.getMinX(), gridTop + c.getMinY(), CrowdGrid.CELL, CrowdGrid.CELL);
    }

    /** The member whose cell is on the grid's left (or right) edge halfway down: where an arrow comes in or out. */
    public Ref edge(boolean left) {
        int rows = (int) Math.ceil(members.size() / (double) cols);
        int row = (rows - 1) / 2;
        int i = left ? row * cols : Math.min(members.size() - 1, row * cols + cols - 1);
        return members.get(i);
    }

    private static Map<Ref, Integer> indexOf(List<Ref> members) {
        Map<Ref, Integer> m = new HashMap<>();
        for (int i = 0; i < members.size(); i++) {
            m.put(members.get(i), i);
        }
        return m;
    }
}
