/**
 * "Show the kernel's trace" (issue 21): the kernel lab's recording of one race drawn as a space-time picture, the
 * lesson's scripted run beside it. {@link org.diolab.app.kernellab.trace.KernelTraceView} draws the immutable
 * {@link org.diolab.live.kernel.trace.view.TraceStory} a trace file reads back to ({@code TraceFile.read(path)
 * .story()}): columns for the lab's threads, the loop devices, kernel threads and the kernel log, a µs time axis, the
 * failure in red, fields on hover, stepping with the stage's keys, and a choice of recorded failure;
 * {@link org.diolab.app.kernellab.trace.KernelTraceWindow} reads a file off the FX thread and opens the view.
 */
@NullMarked
package org.diolab.app.kernellab.trace;

import org.jspecify.annotations.NullMarked;
