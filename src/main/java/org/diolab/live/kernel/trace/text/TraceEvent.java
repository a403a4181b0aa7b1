package org.diolab.live.kernel.trace.text;

/**
 * One event line: {@code dd-21900 [001] ..... 640.052450: iomap_dio_rw_begin: dev 0:40 ino 0x101 ...}.
 *
 * @param seq   its position in the text (0, 1, ...): the order the kernel merged the CPUs' buffers in, which breaks
 *              ties between events of the same microsecond
 * @param task  the task's comm ({@code <...>} when the kernel no longer knew it), a Java thread's name cut to 15
 * @param pid   the task's pid (a thread id)
 * @param flags irqs-off, need-resched, hardirq/softirq, preempt-depth, migrate-disable ({@code ..s..})
 * @param nanos the timestamp on the instance's trace clock, in nanoseconds (the text has microseconds)
 * @param name  the event ({@code block_rq_issue}; {@code tracing_mark_write} for trace_marker lines)
 * @param body  the event's text after its name
 */
public record TraceEvent(
        long seq, String task, int pid, int cpu, String flags, long nanos, String name, String body, Payload payload) {
    /** True when it ran in interrupt context (hard or soft irq), not on behalf of {@code task}. */
    public boolean inInterrupt() {
        return flags.length() >= 3 && "hHsz".indexOf(flags.charAt(2)) >= 0;
    }

    /** The lab's marker, if this is one. */
    public java.util.Optional<LabMark> mark() {
        return payload instanceof Payload.Mark m ? java.util.Optional.of(m.mark()) : java.util.Optional.empty();
    }

    /** The line as ftrace prints it (what {@code trace} would show), for the raw export. */
    public String line() {
        return String.format(
                "%16s-%-7d [%03d] %s %12s: %s: %s", task, pid, cpu, flags, Timestamps.format(nanos), name, body);
    }
}
