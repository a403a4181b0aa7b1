package org.diolab.live.kernel.scenario;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.diolab.live.job.CancelToken;
import org.diolab.live.kernel.evidence.KernelLog;
import org.diolab.live.kernel.lab.BtrfsPlace;
import org.diolab.live.kernel.lab.HostTools;
import org.diolab.live.kernel.lab.LabSession;
import org.diolab.live.kernel.lab.LabVolume;

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
        this.lab = lab;
        this.log = log;
        this.dir = dir;
        this.mount = mount;
        this.size = size;
        this.runtime = runtime;
        this.progress = progress;
    }

    Path dir() {
        return dir;
    }

    Optional<Path> mount() {
        return mount;
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
        return lab.onUserMount();
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
        return lab.btrfs(tag, profile, devices);
    }

    /** Reports a step of the running scenario, at {@code fraction} (0..1) of the scenario. */
    void progress(String step, double fraction) {
        progress.at(step, Math.min(1, Math.max(0, fraction)));
    }
}
