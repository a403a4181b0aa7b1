package org.diolab.app.lesson;

/**
 * The stage held at a step: it shows {@code step} or earlier, never later, until released.
 *
 * @param reason what holds it, for the screen ("Quiz: answer first")
 */
public record StagePin(int step, String reason) {}
