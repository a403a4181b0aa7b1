/**
 * What a recorded trace means in the lessons' words: each event becomes a {@link
 * org.diolab.live.kernel.trace.meaning.Step} on a {@link org.diolab.live.kernel.trace.meaning.Column} (a lab thread,
 * a loop device, a kernel thread, the kernel log), the lab's marker pairs become
 * {@link org.diolab.live.kernel.trace.meaning.Operation}s, and the failed ones are picked with every event from their
 * begin to their end ({@link org.diolab.live.kernel.trace.meaning.FailurePicker}).
 *
 * <pre>{@code
 * TraceReading r = TraceReading.of(ftrace, devices, kernelLog, ClockAlignment.sameClock());
 * Failure f = FailurePicker.pick(r).getFirst();     // the first EIO read
 * f.events();                                       // its submit, each leg's DMA, end-io, the stores meanwhile
 * }</pre>
 *
 * Pure: input is parsed text and the lab's own facts (which devices are which legs), output immutable records.
 */
@NullMarked
package org.diolab.live.kernel.trace.meaning;

import org.jspecify.annotations.NullMarked;
