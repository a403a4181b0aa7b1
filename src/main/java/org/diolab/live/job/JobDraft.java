package org.diolab.live.job;

import java.time.Duration;
import org.jspecify.annotations.Nullable;

/**
 * A job being put together from options, in the order they come ({@link JobOption#set}): the {@link JobSpec.Builder}
 * for what an option sets alone, and what only makes sense once every option is known: the I/O mode (an explicit
 * {@code mode}, or fio's {@code direct}/{@code buffered}/{@code uncached}) and the runtime (fio's needs
 * {@code time_based}). The command line and job files resolve those two their own way.
 */
public final class JobDraft {
    /**
     * The job file's on/off settings that only reading the file acts on: fio's {@code uncached}, {@code time_based},
     * {@code stonewall}, {@code new_group}, {@code fill_device} (write the file once in full, bounded by the job's
     * size), and {@code --place-in-dir} (an absolute {@code filename=} names the file of that name inside --dir).
     */
    enum Bit {
        UNCACHED,
        TIME_BASED,
        STONEWALL,
        NEW_GROUP,
        FILL_DEVICE,
        PLACE_IN_DIR
    }

    private final JobSpec.Builder job = JobSpec.builder();
    private final java.util.EnumSet<Bit> bits = java.util.EnumSet.noneOf(Bit.class);
    private @Nullable Mode mode;
    private @Nullable Boolean direct;
    private @Nullable Duration runtime;
    private boolean exitAll;
    private Cadence.Exit exitWhat = Cadence.Exit.GROUP;
    private Duration startDelay = Duration.ZERO;
    private @Nullable String waitFor;
    private @Nullable String verifyKind;

    JobDraft() {}

    JobSpec.Builder job() {
        return job;
    }

    void set(Bit b, boolean on) {
        if (on) {
            bits.add(b);
        } else {
            bits.remove(b);
        }
    }

    boolean has(Bit b) {
        return bits.contains(b);
    }

    /** The option table's setter of one bit. */
    static java.util.function.BiConsumer<JobDraft, Boolean> setter(Bit b) {
        return (d, on) -> d.set(b, on);
    }

    void mode(Mode m) {
        mode = m;
    }

    void direct(boolean d) {
        direct = d;
    }

    void runtime(Duration r) {
        runtime = r;
    }

    /** fio's exitall: on or off; what it stops is exit_what's, whichever of the two comes first. */
    void exitAll(boolean e) {
        exitAll = e;
        job.cadence(job.cadence().withExit(exitAll ? exitWhat : Cadence.Exit.NONE));
    }

    /** fio's exit_what: kept, and in force only with exitall. */
    void exitWhat(Cadence.Exit e) {
        exitWhat = e;
        exitAll(exitAll);
    }

    void startDelay(Duration d) {
        startDelay = d;
    }

    /** fio's wait_for: the job starts when every worker of the named earlier job is done. */
    void waitFor(String job) {
        waitFor = job;
    }

    @Nullable
    String waitFor() {
        return waitFor;
    }

    /** fio's verify=KIND: DIO Lab's own verify on (anything but 0 or none), and the kind kept for a pattern. */
    void verify(String kind) {
        verifyKind = kind;
        job.verify(!kind.equals("0") && !kind.equalsIgnoreCase("none"));
    }

    @Nullable
    String verifyKind() {
        return verifyKind;
    }

    Duration startDelay() {
        return startDelay;
    }

    @Nullable
    Mode mode() {
        return mode;
    }

    @Nullable
    Boolean direct() {
        return direct;
    }

    @Nullable
    Duration runtime() {
        return runtime;
    }
}
