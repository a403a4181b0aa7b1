/**
 * This kernel's ftrace text, read back: the header, one {@link org.diolab.live.kernel.trace.text.TraceEvent} per
 * {@code task-pid [cpu] flags timestamp: event: fields} line, with the fields of the events the kernel lab records
 * decoded into a {@link org.diolab.live.kernel.trace.text.Payload}, and the lab's own trace_marker lines
 * ({@link org.diolab.live.kernel.trace.text.LabMark}).
 *
 * <pre>{@code
 * FtraceText t = FtraceParser.parse(Files.readAllLines(Path.of("false-csum-read.ftrace.txt")));
 * for (TraceEvent e : t.events()) {
 *     if (e.payload() instanceof Payload.DioComplete c && c.error() != 0) { ... }   // a failed direct read
 * }
 * }</pre>
 *
 * Pure: no files, no clocks. The formats are the print formats of Linux 6.18's events (iomap, block, writeback,
 * btrfs, lock, sched, ftrace print); an event of another format keeps its text, and its {@code key=value} pairs.
 */
@NullMarked
package org.diolab.live.kernel.trace.text;

import org.jspecify.annotations.NullMarked;
