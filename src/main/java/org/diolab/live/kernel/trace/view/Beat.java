package org.diolab.live.kernel.trace.view;

import java.util.List;
import java.util.Map;
import org.diolab.live.kernel.trace.meaning.Step;

/**
 * One moment of a failure, as the view draws and steps through it.
 *
 * @param index       its place in the failure, from 0
 * @param micros      µs since the failure's start, on the trace clock
 * @param atMicros    µs since boot (the trace clock), as in the exported files
 * @param column      index into {@link FailureView#columns()}
 * @param words       the lessons' words for its step ("DMA starts", "verify mismatch"), or the event's name
 * @param what        the event ({@code block_rq_issue}, {@code read-end}, {@code kmsg})
 * @param detail      one line: "loop0: csum starts: read 65536 B at sector 393728"
 * @param fields      the decoded fields, for hover
 * @param modelLabels the labels of the model's steps it lines up with ("dma", "verify")
 * @param red         the failure shows here: a verify mismatch, a failed return
 */
public record Beat(
        int index,
        double micros,
        double atMicros,
        int column,
        Step step,
        String words,
        String what,
        String detail,
        Map<String, String> fields,
        List<String> modelLabels,
        boolean red) {
    public Beat {
        fields = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(fields));
        modelLabels = List.copyOf(modelLabels);
    }
}
