package org.diolab.app.stage.layout;

import org.diolab.app.stage.cast.Column;

/**
 * A vertical strip of cards: one column, or one part of a column that wraps. Arrows run only in the gutters between
 * strips and in the channels above and below them, so they never cross a card.
 */
public record Strip(Column column, double minX, double maxX) {
    public double width() {
        return maxX - minX;
    }
}
