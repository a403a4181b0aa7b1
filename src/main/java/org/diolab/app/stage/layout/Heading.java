package org.diolab.app.stage.layout;

import javafx.geometry.Rectangle2D;

/** A section heading on the stage and where it sits: arrows must never cross it. */
public record Heading(String text, Rectangle2D box) {}
