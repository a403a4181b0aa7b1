package org.diolab.live.job;

import static org.diolab.live.job.JobSpec.BLOCK;

/**
 * What a {@link JobSpec} refuses, whatever the disk: sizes that do not fit together, bs not a multiple of 4096 where
 * checksum blocks are involved (or of 512 under O_DIRECT), counts out of range, options that do not go together. The
 * scratch directory adds the file's own direct-I/O alignment when the job runs (statx's STATX_DIOALIGN).
 */
final class JobSpecChecks {
    /** The smallest logical block a Linux block device has: no file allows O_DIRECT in smaller units. */
    static final int DIRECT_MIN = 512;

    private JobSpecChecks() {}

    /** The parts of a job being constructed that the checks read (its fields are not set yet when they run). */
    record Shape(
            String name,
            RwPattern rw,
            Mode mode,
            CsumMode csum,
            boolean verify,
            long bs,
            long size,
            long skip,
            int rwmixread,
            int numjobs,
            int mirrors,
            int mutators,
            java.time.Duration runtime,
            int loops,
            boolean sharedFile,
            String filename,
            AccessPattern access) {
        boolean oneFile() {
            return sharedFile || !filename.isEmpty();
        }
    }

    static void check(Shape j) {
        if (j.name() == null || !j.name().matches("[A-Za-z0-9_.+-]{1,64}")) {
            throw LiveRefusal.badOption("job name '" + j.name() + "' must be 1-64 letters, digits or . _ + -");
        }
        sizes(j);
        AccessChecks.check(j);
        counts(j);
        combinations(j);
    }

    private static void sizes(Shape j) {
        long bs = j.bs();
        long size = j.size();
        if (bs < 1 || bs > JobSpec.MAX_BS) {
            throw LiveRefusal.badOption(
                    "bs " + bs + " is out of range; use 4k to " + FioUnits.formatSize(JobSpec.MAX_BS));
        }
        // bs's own rules first: suggesting a size that fits a bs refused next would send the user round twice
        if (j.mode().usesODirect() && bs % DIRECT_MIN != 0) {
            throw LiveRefusal.badOption("bs " + bs + " is not a multiple of 512, which "
                    + j.mode().cliName() + " I/O needs (O_DIRECT moves whole logical blocks); use bs=512, 4k, 64k ...");
        }
        if ((j.csum() != CsumMode.NONE || j.verify() || j.mirrors() > 1) && bs % BLOCK != 0) {
            throw LiveRefusal.badOption("bs " + bs + " is not a multiple of 4096; checksums, verify and mirror"
                    + " comparison work per 4 KiB block");
        }
        if (size > JobSpec.MAX_SIZE) {
            throw LiveRefusal.badOption("size " + FioUnits.formatSize(size) + " is out of range; use " + bs + " to "
                    + FioUnits.formatSize(JobSpec.MAX_SIZE));
        }
        if (size < bs) {
            throw LiveRefusal.badOption("size " + FioUnits.formatSize(size) + " is smaller than bs "
                    + FioUnits.formatSize(bs) + "; make size at least one block");
        }
        if (size % bs != 0) {
            throw LiveRefusal.badOption("size " + FioUnits.formatSize(size) + " is not a multiple of bs "
                    + FioUnits.formatSize(bs) + "; use size=" + FioUnits.formatSize(size / bs * bs));
        }
        if (j.skip() != 0) {
            if (j.rw().random()) {
                throw LiveRefusal.badOption("rw=" + j.rw().fioName() + ":" + FioUnits.formatSize(Math.abs(j.skip()))
                        + ": an offset skip goes with the sequential patterns (read, write, rw)");
            }
            if (j.skip() % bs != 0 || j.skip() == -bs || Math.abs(j.skip()) >= size) {
                throw LiveRefusal.badOption("rw=" + j.rw().fioName() + ":" + j.skip() + ": the skip must be a"
                        + " multiple of bs (" + FioUnits.formatSize(bs) + "), smaller than size, and not -bs (which"
                        + " would repeat one block)");
            }
        }
    }

    private static void counts(Shape j) {
        if (j.rwmixread() < 0 || j.rwmixread() > 100) {
            throw LiveRefusal.badOption("rwmixread " + j.rwmixread() + " must be between 0 and 100");
        }
        if (j.numjobs() < 1 || j.numjobs() > JobSpec.MAX_NUMJOBS) {
            throw LiveRefusal.badOption("numjobs " + j.numjobs() + " must be between 1 and " + JobSpec.MAX_NUMJOBS);
        }
        if (j.mirrors() < 1 || j.mirrors() > JobSpec.MAX_MIRRORS) {
            throw LiveRefusal.badOption("mirrors " + j.mirrors() + " must be between 1 and " + JobSpec.MAX_MIRRORS);
        }
        if (j.mutators() < 0 || j.mutators() > JobSpec.MAX_MUTATORS) {
            throw LiveRefusal.badOption("mutators " + j.mutators() + " must be between 0 and " + JobSpec.MAX_MUTATORS);
        }
        if (j.runtime().isNegative() || j.runtime().compareTo(JobSpec.MAX_RUNTIME) > 0) {
            throw LiveRefusal.badOption("runtime " + FioUnits.formatTime(j.runtime()) + " is out of range; use 0 to "
                    + FioUnits.formatTime(JobSpec.MAX_RUNTIME));
        }
        if (!FioUnits.wholeMillis(j.runtime())) {
            throw LiveRefusal.badOption("runtime " + j.runtime().toNanos() + " ns is not a whole number of"
                    + " milliseconds, which is what DIO Lab counts time in; use "
                    + FioUnits.formatTime(
                            java.time.Duration.ofMillis(j.runtime().toMillis() + 1)));
        }
        if (j.loops() < 1) {
            throw LiveRefusal.badOption("loops " + j.loops() + " must be at least 1");
        }
    }

    private static void combinations(Shape j) {
        if (j.oneFile() && (j.mirrors() > 1 || j.csum() != CsumMode.NONE || j.verify())) {
            String what = j.sharedFile() ? "--shared-file" : "filename=";
            throw LiveRefusal.badOption(what + " works without --mirrors, --csum and --verify: their checksum"
                    + " tables and patterns belong to one thread's file");
        }
        if (!j.filename().isEmpty() && !j.filename().matches("[A-Za-z0-9_.+-]{1,64}")) {
            throw LiveRefusal.badOption("filename " + j.filename() + " must be 1-64 letters, digits or . _ + -");
        }
    }
}
