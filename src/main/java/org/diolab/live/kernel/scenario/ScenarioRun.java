package org.diolab.live.kernel.scenario;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.diolab.live.job.CancelToken;
import org.diolab.live.kernel.evidence.BtrfsCounters;
import org.diolab.live.kernel.evidence.KernelLog;
import org.diolab.live.kernel.lab.BtrfsPlace;
import org.diolab.live.kernel.lab.HostTools;
import org.diolab.live.kernel.lab.LabSession;
import org.diolab.live.kernel.lab.LabVolume;
import org.jspecify.annotations.Nullable;

/**
 * What one scenario runs with: the run's {@link LabSession} (its volumes are torn down after the scenario, however it
 * ends), the request's directory, test file size and phase time, the kernel log, and where to say how far it is.
 * Scenarios check {@link #cancel()} between phases.
 */
public final class ScenarioRun {
    /** Receives a step of the running scenario and how far into the scenario it is (0..1). */
    @FunctionalInterface
    public interface Progress {
        void at(String step, double fraction);
    }

    private final LabSession lab;
    private final KernelLog log;
    private final Path dir;
    private final Optional<Path> mount;
    private final long size;
    private final Duration runtime;
    private final Progress progress;
    private final @Nullable Scenario scenario;
    private final boolean labVolumeInstead;

    /**
     * @param dir     the scratch directory the run was asked for ({@code --dir})
     * @param mount   the btrfs the user mounted ({@code --mount}), if any
     * @param size    each scenario's test file
     * @param runtime each measured phase; controls run half as long
     */
    public ScenarioRun(
            LabSession lab,
            KernelLog log,
            Path dir,
            Optional<Path> mount,
            long size,
            Duration runtime,
            Progress progress) {
        this(lab, log, dir, mount, size, runtime, progress, null, false);
    }

    private ScenarioRun(
            LabSession lab,
            KernelLog log,
            Path dir,
            Optional<Path> mount,
            long size,
            Duration runtime,
            Progress progress,
            @Nullable Scenario scenario,
            boolean labVolumeInstead) {
        this.lab = lab;
        this.log = log;
        this.dir = dir;
        this.mount = mount;
        this.size = size;
        this.runtime = runtime;
        this.progress = progress;
        this.scenario = scenario;
        this.labVolumeInstead = labVolumeInstead;
    }

    /**
     * This run for {@code s}, whose registry entry says what lasting state it may change ({@link Scenario#lasting()});
     * with {@code labVolumeInstead}, on a btrfs of the lab's own even in --mount mode, because it would change the
     * user's btrfs for good and they did not consent.
     */
    public ScenarioRun of(Scenario s, boolean labVolumeInstead) {
        return new ScenarioRun(lab, log, dir, mount, size, runtime, progress, s, labVolumeInstead);
    }

    /** True when this scenario runs on the lab's own volume although the user gave --mount. */
    public boolean onLabVolumeInstead() {
        return labVolumeInstead;
    }

    Path dir() {
        return dir;
    }

    Optional<Path> mount() {
        return labVolumeInstead ? Optional.empty() : mount;
    }

    long size() {
        return size;
    }

    Duration runtime() {
        return runtime;
    }

    /** Half the runtime, at least 200 ms: for control runs. */
    Duration controlTime() {
        return Duration.ofMillis(Math.max(200, runtime.toMillis() / 2));
    }

    KernelLog log() {
        return log;
    }

    CancelToken cancel() {
        return lab.cancel();
    }

    HostTools tools() {
        return lab.tools();
    }

    boolean onUserMount() {
        return lab.onUserMount() && !labVolumeInstead;
    }

    long imageBytes() {
        return lab.imageBytes();
    }

    /** See {@link LabSession#volume}. */
    LabVolume volume(LabVolume.Spec spec) throws IOException {
        return lab.volume(spec);
    }

    /** See {@link LabSession#btrfs}. */
    BtrfsPlace btrfs(String tag, String profile, int devices) throws IOException {
        return labVolumeInstead ? lab.labBtrfs(tag, profile, devices) : lab.btrfs(tag, profile, devices);
    }

    /**
     * Scrubs the lab's own volume under {@code place} (never a user's btrfs); the teardown removes the record
     * btrfs-progs keeps of it. The scenario must declare {@link Lasting#SCRUB_RECORD}.
     */
    BtrfsCounters.Scrub scrub(BtrfsPlace place) throws IOException {
        requireDeclared(Lasting.SCRUB_RECORD);
        return BtrfsCounters.scrub(HostTools.require(tools().btrfs(), "btrfs"), place.volume());
    }

    /** {@link #scrub(BtrfsPlace)} of a volume the lab built itself. */
    BtrfsCounters.Scrub scrub(LabVolume v) throws IOException {
        requireDeclared(Lasting.SCRUB_RECORD);
        return BtrfsCounters.scrub(HostTools.require(tools().btrfs(), "btrfs"), v);
    }

    /**
     * Sets a queue setting of the lab's own loop device under {@code v}; the teardown puts back the value it had. The
     * scenario must declare {@link Lasting#QUEUE_SETTING}.
     */
    void setQueueKnob(LabVolume v, String knob, String value) throws IOException {
        requireDeclared(Lasting.QUEUE_SETTING);
        v.setQueueKnob(knob, value);
    }

    private void requireDeclared(Lasting l) {
        if (scenario != null && !scenario.lasting().contains(l)) {
            throw new IllegalStateException(scenario.id() + " changes " + l.what() + " but its entry in the registry"
                    + " (Scenario) does not declare Lasting." + l.name());
        }
    }

    /** Reports a step of the running scenario, at {@code fraction} (0..1) of the scenario. */
    void progress(String step, double fraction) {
        progress.at(step, Math.min(1, Math.max(0, fraction)));
    }
}
