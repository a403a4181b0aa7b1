package org.diolab.live.kernel.trace.meaning;

/**
 * A column of the space-time picture, a track of the exported trace: who or what an event happened on.
 *
 * @param id    stable within one recording: "thread:1234", "device:7:0", "task:44", "log"
 * @param label what a person reads: "reader (1234)", "loop0: leg 0", "kworker/1:1H (44)", "kernel log"
 */
public record Column(Kind kind, String id, String label) {
    /** In the order the picture puts them, left to right. */
    public enum Kind {
        LAB_THREAD,
        DEVICE,
        KERNEL_THREAD,
        LOG
    }

    public static final Column LOG = new Column(Kind.LOG, "log", "kernel log");
}
