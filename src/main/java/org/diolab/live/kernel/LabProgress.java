package org.diolab.live.kernel;

import org.diolab.live.kernel.scenario.Scenario;

/**
 * Where a kernel-lab run is: the scenario, what it is doing now ("formatting btrfs RAID1", "reading leg 2 alone"),
 * and the fraction of the whole run done (0..1).
 */
public record LabProgress(Scenario scenario, String step, double fraction) {

    /** Receives progress from the run's thread; must return quickly. Throwing stops the run (and tears it down). */
    @FunctionalInterface
    public interface Listener {
        Listener NONE = p -> {};

        void onProgress(LabProgress progress);
    }
}
