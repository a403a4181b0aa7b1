package org.diolab.live.kernel.trace.view;

/**
 * Something that lasts, drawn as a bar on its column: the failed call from its begin to its end marker, a device
 * request from its issue (DMA starts) to its completion (end-io), a marked pass of the scribbler over the buffer.
 *
 * @param fromMicros µs since the failure's start (negative: a pass that began before it)
 * @param red        part of the failure itself (the failed call)
 */
public record Span(Kind kind, int column, double fromMicros, double toMicros, String label, boolean red) {
    public enum Kind {
        CALL,
        REQUEST,
        STORE
    }

    public double durationMicros() {
        return toMicros - fromMicros;
    }
}
