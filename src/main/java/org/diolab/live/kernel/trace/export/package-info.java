/**
 * A recording written out for other tools: the Chrome trace-event JSON that Perfetto UI and chrome://tracing open
 * (one named track per lab thread, loop device, kernel thread and the kernel log; slices for the lab's calls with
 * their results and for each device request; instants for tracepoints and log lines; the failures on a track of
 * their own) and the raw ftrace text, which Perfetto reads too.
 *
 * <pre>{@code
 * TraceFiles files = TraceExport.write(dir, "false-csum-read", result.ftraceText(), reading, failures);
 * files.json();   // dir/false-csum-read.trace.json
 * files.ftrace(); // dir/false-csum-read.ftrace.txt
 * }</pre>
 */
@NullMarked
package org.diolab.live.kernel.trace.export;

import org.jspecify.annotations.NullMarked;
