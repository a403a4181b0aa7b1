package org.diolab.perf;

/**
 * One stage data passes through on its way to or from the device, with its bandwidth. Bandwidths are in GiB/s; only
 * their ratios matter for the predictions.
 *
 * @param overlapped runs concurrently with the other overlapped stages (S004's checksum worker beside submission)
 */
public record StageCost(String name, double gibPerSec, boolean overlapped) {
    public StageCost {
        if (!(gibPerSec > 0)) {
            throw new IllegalArgumentException(name + ": bandwidth must be positive, was " + gibPerSec);
        }
    }

    public static StageCost serial(String name, double gibPerSec) {
        return new StageCost(name, gibPerSec, false);
    }

    public static StageCost overlapped(String name, double gibPerSec) {
        return new StageCost(name, gibPerSec, true);
    }

    /** Seconds per GiB. */
    double cost() {
        return 1 / gibPerSec;
    }
}
