package org.diolab.app.stage.layout;

import javafx.geometry.Rectangle2D;

/**
 * The shape of a crowd's grid: square cells at a fixed pitch, about as many columns as rows. The layout places a
 * crowd by it, the crowd's cells are drawn by it, so the two always agree.
 */
public final class CrowdGrid {
    public static final double CELL = 12;
    public static final double GAP = 3;
    public static final double PITCH = CELL + GAP;

    private CrowdGrid() {}

    /** About as many columns as rows. */
    public static int colsFor(int count) {
        return Math.max(1, (int) Math.ceil(Math.sqrt(count)));
    }

    public static double width(int cols) {
        return cols * PITCH - GAP;
    }

    public static double height(int count, int cols) {
        return Math.ceil(count / (double) cols) * PITCH - GAP;
    }

    /** Cell {@code i} relative to the grid's top-left corner. */
    public static Rectangle2D cellAt(int i, int cols) {
        return new Rectangle2D((i % cols) * PITCH, (i / cols) * PITCH, CELL, CELL);
    }
}
