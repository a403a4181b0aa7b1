package org.diolab.live.job;

import static org.diolab.live.job.JobSpec.BLOCK;

/**
 * What a job's {@link AccessPattern} refuses: bssplit sizes that direct I/O, checksums or the file size cannot take, a
 * blockalign that does not fit, and zoned_abs zones larger than the file. Run after the {@code bs} checks, so the
 * largest split size (which is {@code bs}) has passed them already.
 */
final class AccessChecks {
    private AccessChecks() {}

    static void check(JobSpecChecks.Shape j) {
        AccessPattern a = j.access();
        boolean perBlock = j.csum() != CsumMode.NONE || j.verify() || j.mirrors() > 1;
        for (long s : a.split().sizes()) {
            if (j.mode().usesODirect() && s % JobSpecChecks.DIRECT_MIN != 0) {
                throw LiveRefusal.badOption("bssplit size " + s + " is not a multiple of 512, which "
                        + j.mode().cliName() + " I/O needs (O_DIRECT moves whole logical blocks); use sizes of 512,"
                        + " 4k, 64k ...");
            }
            if (perBlock && s % BLOCK != 0) {
                throw LiveRefusal.badOption("bssplit size " + s + " is not a multiple of 4096; checksums, verify"
                        + " and mirror comparison work per 4 KiB block");
            }
        }
        long align = a.blockAlign();
        if (align < 0 || align > j.size()) {
            throw LiveRefusal.badOption(
                    "blockalign " + align + " must be between 1 and size " + FioUnits.formatSize(j.size()));
        }
        if (align > 0 && j.mode().usesODirect() && align % JobSpecChecks.DIRECT_MIN != 0) {
            throw LiveRefusal.badOption("blockalign " + align + " is not a multiple of 512, which "
                    + j.mode().cliName() + " I/O needs; use blockalign=512, 4k or a multiple");
        }
        if (align > 0 && j.size() % align != 0) {
            throw LiveRefusal.badOption("size " + FioUnits.formatSize(j.size()) + " is not a multiple of blockalign "
                    + FioUnits.formatSize(align) + "; use size=" + FioUnits.formatSize(j.size() / align * align));
        }
        if (a.distribution() instanceof RandomDistribution.Zoned z && z.absolute()) {
            long covered = z.zones().stream()
                    .mapToLong(RandomDistribution.Zone::extent)
                    .sum();
            if (covered > j.size()) {
                throw LiveRefusal.badOption("random_distribution=" + z.fioText() + ": the zones cover "
                        + FioUnits.formatSize(covered) + ", more than the file (" + FioUnits.formatSize(j.size())
                        + "); make them smaller or size larger");
            }
        }
    }
}
