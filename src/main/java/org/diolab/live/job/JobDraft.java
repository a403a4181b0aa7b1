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
    private final JobSpec.Builder job = JobSpec.builder();
    private @Nullable Mode mode;
    private @Nullable Boolean direct;
    private boolean uncached;
    private boolean timeBased;
    private @Nullable Duration runtime;
    private boolean stonewall;
    private boolean newGroup;
    private boolean exitAll;
    private Cadence.Exit exitWhat = Cadence.Exit.GROUP;
    private Duration startDelay = Duration.ZERO;
    private boolean placeInDir;
    private @Nullable String waitFor;
    private @Nullable String verifyKind;
    private boolean fillDevice;

    JobDraft() {}

    JobSpec.Builder job() {
        return job;
    }

    void mode(Mode m) {
        mode = m;
    }

    void direct(boolean d) {
        direct = d;
    }

    void uncached(boolean u) {
        uncached = u;
    }

    void timeBased(boolean t) {
        timeBased = t;
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

    void newGroup(boolean g) {
        newGroup = g;
    }

    boolean newGroup() {
        return newGroup;
    }

    void stonewall(boolean s) {
        stonewall = s;
    }

    void startDelay(Duration d) {
        startDelay = d;
    }

    /** {@code --place-in-dir}: an absolute {@code filename=} names the file of that name inside --dir. */
    void placeInDir(boolean p) {
        placeInDir = p;
    }

    boolean placeInDir() {
        return placeInDir;
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

    /** fio's fill_device: write the file once in full (bounded by the job's size). */
    void fillDevice(boolean f) {
        fillDevice = f;
    }

    boolean fillDevice() {
        return fillDevice;
    }

    boolean stonewall() {
        return stonewall;
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

    boolean uncached() {
        return uncached;
    }

    boolean timeBased() {
        return timeBased;
    }

    @Nullable
    Duration runtime() {
        return runtime;
    }
}
