package org.diolab.live.kernel.trace.text;

/**
 * A {@code CPU:1 [LOST 123 EVENTS]} line: the reader fell behind and the ring buffer of that CPU overwrote
 * {@code count} events, just before the event at {@code beforeSeq} (the parser's running line number).
 */
public record LostEvents(int cpu, long count, long beforeSeq) {}
