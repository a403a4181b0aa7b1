package org.diolab.live.kernel.trace.meaning;

/** A /dev/kmsg record: its timestamp (microseconds on the kernel's local clock, since boot) and text. */
public record KernelLogLine(long micros, String text) {
    /** btrfs's "csum failed root 5 ino 260 off ... mirror 1": a verify mismatch seen by the kernel. */
    public boolean checksumFailure() {
        return text.contains("csum failed");
    }
}
