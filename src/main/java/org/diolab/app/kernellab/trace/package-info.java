/**
 * "Show the kernel's trace" (issue 21): the kernel lab's recording of one race drawn as a space-time picture, the
 * lesson's scripted run beside it. {@link org.diolab.app.kernellab.trace.KernelTraceView} draws a
 * {@link org.diolab.app.kernellab.trace.TracePicture}, the app's immutable copy of the story a trace file reads back
 * to ({@code TracePicture.of(TraceFile.read(path).story(), ModelStep.of(lesson.play(policy)))}; views never touch
 * the live backend's types): columns for the lab's threads, the loop devices, kernel threads and the kernel log,
 * a µs time axis, the failure in red, fields on hover, stepping with the stage's keys, and a choice of recorded
 * failure;
 * {@link org.diolab.app.kernellab.trace.KernelTraceWindow} reads a file off the FX thread and opens the view.
 */
@NullMarked
package org.diolab.app.kernellab.trace;

import org.jspecify.annotations.NullMarked;
