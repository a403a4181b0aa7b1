package org.diolab.live.kernel.trace;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What went through the recorder's window, counted over every line read (not only the kept ones), so the counts
 * hold for the whole race however little was kept.
 *
 * @param linesRead   every line the pipe gave
 * @param linesKept   those kept in the recording
 * @param calls       lab calls that ended (read-end and write-end markers)
 * @param eio         of them, ended with EIO
 * @param eagain      of them, ended with EAGAIN
 * @param otherErrors of them, ended with another errno
 * @param windows     failure windows kept
 * @param failuresNotKept failures seen after {@link WindowPolicy#maxWindows()} windows were full
 * @param lostLines   events the kernel said were lost ({@code [LOST n EVENTS]} lines)
 * @param phaseEvents per phase of the scenario (its phase markers' names, "" before the first), the kernel's events
 *                    by name, block requests by name, device and direction ("block_rq_complete 7,1 W")
 */
public record WindowStats(
        long linesRead,
        long linesKept,
        long calls,
        long eio,
        long eagain,
        long otherErrors,
        long stores,
        int windows,
        long failuresNotKept,
        long lostLines,
        Map<String, Map<String, Long>> phaseEvents) {
    public WindowStats {
        Map<String, Map<String, Long>> copy = new LinkedHashMap<>();
        phaseEvents.forEach((k, v) -> copy.put(k, java.util.Collections.unmodifiableMap(new LinkedHashMap<>(v))));
        phaseEvents = java.util.Collections.unmodifiableMap(copy);
    }

    public long failures() {
        return eio + eagain + otherErrors;
    }
}
