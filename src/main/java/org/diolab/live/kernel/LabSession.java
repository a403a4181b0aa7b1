package org.diolab.live.kernel;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.diolab.live.job.CancelToken;
import org.diolab.live.scratch.DirHandle;

/**
 * Everything a scenario uses: the run's ownership (its directory, images, mount points), the host's tools, the
 * kernel log, the cancel token and progress. Volumes a scenario builds are registered here and torn down by
 * {@link #closeVolumes()} after the scenario, whether it returned, failed or was cancelled.
 */
final class LabSession {
    /** Creates a scenario's new, empty test file by name; its path. */
    @FunctionalInterface
    interface FileMaker {
        Path newFile(String name) throws IOException;
    }

    /**
     * Where a scenario's btrfs files live: a lab volume, or the user's own mount in {@code --mount} mode (a work
     * directory of the run's session, whose files are recorded so a sweep can remove a killed run's).
     */
    record BtrfsPlace(
            Path dir, List<String> devices, String setup, Optional<Path> sysfs, LabVolume volume, FileMaker files) {
        Path newFile(String name) throws IOException {
            return files.newFile(name);
        }
    }

    private final KernelLabRequest request;
    private final LabOwnership ownership;
    private final HostTools tools;
    private final LoopDevices loops;
    private final KernelLog log;
    private final CancelToken cancel;
    private final LabProgress.Listener listener;
    private final List<LabVolume> open = new ArrayList<>();
    private final List<String> tornDown = new ArrayList<>();
    private Scenario current;
    private double base;
    private double share;

    LabSession(
            KernelLabRequest request,
            LabOwnership ownership,
            HostTools tools,
            KernelLog log,
            CancelToken cancel,
            LabProgress.Listener listener) {
        this.request = request;
        this.ownership = ownership;
        this.tools = tools;
        this.loops = tools.losetup().map(LoopDevices::new).orElse(null);
        this.log = log;
        this.cancel = cancel;
        this.listener = listener;
    }

    KernelLabRequest request() {
        return request;
    }

    LabOwnership ownership() {
        return ownership;
    }

    HostTools tools() {
        return tools;
    }

    LoopDevices loops() {
        if (loops == null) {
            throw new KernelLabRefusal(KernelLabRefusal.Reason.MISSING_TOOL, "losetup is not installed");
        }
        return loops;
    }

    KernelLog log() {
        return log;
    }

    CancelToken cancel() {
        return cancel;
    }

    /** True in {@code --mount} mode: no images or loop devices; files go on the user's btrfs. */
    boolean onUserMount() {
        return request.mount().isPresent();
    }

    /** Image size for this run's test file: room for copies, metadata and copy-on-write churn. Sparse anyway. */
    long imageBytes() {
        return Math.max(1L << 30, 4 * request.size());
    }

    /** Builds a lab volume for the running scenario; it is torn down when the scenario ends. */
    LabVolume volume(LabVolume.Spec spec) throws IOException {
        cancel.throwIfCancelled();
        step("creating " + spec.fsType() + (spec.dataProfile().isEmpty() ? "" : " " + spec.dataProfile()) + " on "
                + spec.devices() + " loop device(s)");
        LabVolume v = LabVolume.create(this, spec);
        open.add(v);
        return v;
    }

    /** A btrfs with {@code profile} over {@code devices} images, or the user's mount in --mount mode. */
    BtrfsPlace btrfs(String tag, String profile, int devices) throws IOException {
        if (onUserMount()) {
            DirHandle work = ownership.newWorkDir(tag);
            return UserMount.place(work.path(), request.mount().get(), name -> ownership.newWorkFile(work, name));
        }
        LabVolume v = volume(LabVolume.Spec.btrfs(tag, profile, devices, imageBytes()));
        return new BtrfsPlace(v.mountPoint(), v.deviceNames(), v.describe(), v.sysfs(), v, v::newFile);
    }

    void begin(Scenario s, double base, double share) {
        this.current = s;
        this.base = base;
        this.share = share;
        step("starting");
    }

    /** Reports a step of the running scenario, at {@code fraction} (0..1) of the scenario. */
    void progress(String step, double fraction) {
        listener.onProgress(new LabProgress(current, step, base + share * Math.min(1, Math.max(0, fraction))));
    }

    void step(String step) {
        listener.onProgress(new LabProgress(current, step, base));
    }

    /** Tears down the scenario's volumes, newest first; every one is tried, the first failure is thrown. */
    void closeVolumes() throws IOException {
        IOException first = null;
        int at = tornDown.size();
        for (int i = open.size() - 1; i >= 0; i--) {
            try {
                tornDown.add(at, open.get(i).describe()); // torn down newest first, listed in creation order
                open.get(i).close();
            } catch (IOException e) {
                first = first == null ? e : first;
            }
        }
        open.clear();
        if (first != null) {
            throw first;
        }
    }

    /** The volumes torn down so far, described. */
    List<String> tornDown() {
        return List.copyOf(tornDown);
    }
}
