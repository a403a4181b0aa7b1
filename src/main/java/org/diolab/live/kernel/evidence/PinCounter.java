package org.diolab.live.kernel.evidence;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The kernel's count of FOLL_PIN pins ({@code nr_foll_pin_acquired} in /proc/vmstat). A zero-copy direct write pins
 * every user page it sends (pin_user_pages); a buffered write, or a bounced one, copies and pins nothing. The counter
 * is system-wide and folded from per-CPU deltas lazily, so other processes only add to it: fewer pins than pages
 * written proves the pages were not pinned; as many proves nothing alone.
 */
public final class PinCounter {
    private PinCounter() {}

    /** The current count, or -1 where the kernel does not export it. */
    public static long read() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/vmstat"))) {
                if (line.startsWith("nr_foll_pin_acquired ")) {
                    return Long.parseLong(line.substring(line.indexOf(' ') + 1).strip());
                }
            }
        } catch (IOException | NumberFormatException e) {
            return -1;
        }
        return -1;
    }
}
