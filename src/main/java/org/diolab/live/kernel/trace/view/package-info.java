/**
 * A recording as the app's trace view draws it, JavaFX-free: per picked failure ({@link
 * org.diolab.live.kernel.trace.view.FailureView}) its columns (the lab's threads, the loop devices, kernel threads,
 * the kernel log), its moments with µs times from the failure's start, the fields to show on hover, the slices to
 * draw as bars (the call, each device request, each marked scribbler pass), which are the failure (red), and which
 * steps of the model's scripted run each moment lines up with ({@link
 * org.diolab.live.kernel.trace.view.ModelAlignment}). Immutable snapshots, built from a reading; no I/O, no clocks.
 *
 * <pre>{@code
 * TraceStory story = TraceFile.read(path).story("A false checksum error on a direct read");
 * FailureView f = story.failures().getFirst();          // first; story.next(i) for the next, get(i) for any
 * for (Beat b : f.beats()) draw(f.columns().get(b.column()), b.micros(), b.red());
 * ModelAlignment a = ModelAlignment.align(modelLabels, f); // beside the model: model step i ↔ beat a.beatFor(i)
 * }</pre>
 */
@NullMarked
package org.diolab.live.kernel.trace.view;

import org.jspecify.annotations.NullMarked;
