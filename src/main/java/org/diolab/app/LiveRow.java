package org.diolab.app;

/**
 * One finished live job as the Live tab lists it. Every number carries its job, mode, block size and machine.
 *
 * @param ratio bandwidth relative to the first job of the same run
 */
public record LiveRow(String job, String mode, String blockSize, double mibPerSec, double iops, double p99Micros,
                      long mirrorBlocksDiffering, long checksumMismatches, long eagains, double ratio, String machine) {
}
