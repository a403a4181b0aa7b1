package org.diolab.live.kernel.trace;

/** Where the pipe reader hands each complete line of trace text, on its own thread, in order. */
@FunctionalInterface
interface LineSink {
    void line(String line);
}
