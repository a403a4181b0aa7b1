/**
 * The kernel lab's recording of what the running kernel did during a race: a tracefs instance of its own
 * ({@code instances/dio-lab-<session>}) with only the events a scenario needs ({@link
 * org.diolab.live.kernel.trace.TracePlan}), filtered to the lab's loop devices, filesystems and threads; the racing
 * threads' own trace_marker lines ({@link org.diolab.live.kernel.trace.Marker}); a reader that drains trace_pipe
 * into a bounded window around failures; and removal of everything it made.
 *
 * <pre>{@code
 * Tracefs fs = Tracefs.find(Tracefs.WELL_KNOWN).orElseGet(() -> Tracefs.mount(ownedEmptyDir, labMounter));
 * TracePlan plan = TracePlan.forScenario("false-csum-read", TraceTargets.of(devices)).orElseThrow();
 * try (TraceRecording rec = TraceRecording.start(fs, session, plan, WindowPolicy.DEFAULT)) {
 *     ... race, each thread with its rec.marker(role) ...
 *     TraceResult r = rec.stop();
 *     TraceReading reading = TraceReading.of(r.parse(), devices, kernelLog, ClockAlignment.sameClock());
 *     List<Failure> failures = FailurePicker.pick(reading);
 * }
 * fs.close();   // unmounts only a tracefs the lab mounted
 * }</pre>
 *
 * <p>Everything here is plain file I/O on tracefs (java.nio); the one thing NIO cannot do, mount(2), is behind
 * {@link org.diolab.live.kernel.trace.TracefsMounter}, which the lab implements with its native layer. The parts that read text and give it meaning are in
 * {@code text}, {@code meaning} and {@code export}, which do no I/O of their own (export writes the files it is
 * asked to). No JavaFX.
 */
@NullMarked
package org.diolab.live.kernel.trace;

import org.jspecify.annotations.NullMarked;
