package org.diolab.live.kernel.lab;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import org.diolab.live.job.CancelToken;
import org.diolab.live.scratch.DirHandle;
import org.jspecify.annotations.Nullable;

/**
 * What one kernel-lab run builds with: its ownership (directory, images, mount points), the host's tools, the cancel
 * token, and the volumes the running scenario built, which {@link #closeVolumes()} tears down after the scenario,
 * whether it returned, failed or was cancelled. It knows nothing of scenarios: what it builds is what it is asked.
 */
public final class LabSession {
    private final LabOwnership ownership;
    private final HostTools tools;
    private final @Nullable LoopDevices loops;
    private final Optional<Path> userMount;
    private final long imageBytes;
    private final CancelToken cancel;
    private final Consumer<String> steps;
    private final List<LabVolume> open = new ArrayList<>();
    private final List<String> tornDown = new ArrayList<>();

    /**
     * @param userMount  the btrfs the user mounted ({@code --mount}): files go there, no images or loop devices
     * @param imageBytes the size of each image a volume is built on
     * @param steps      receives what the session is doing now ("creating btrfs raid1 on 2 loop device(s)")
     */
    public LabSession(
            LabOwnership ownership,
            HostTools tools,
            Optional<Path> userMount,
            long imageBytes,
            CancelToken cancel,
            Consumer<String> steps) {
        this.ownership = ownership;
        this.tools = tools;
        this.loops = tools.losetup().map(LoopDevices::new).orElse(null);
        this.userMount = userMount;
        this.imageBytes = imageBytes;
        this.cancel = cancel;
        this.steps = steps;
    }

    LabOwnership ownership() {
        return ownership;
    }

    public HostTools tools() {
        return tools;
    }

    LoopDevices loops() {
        if (loops == null) {
            throw new KernelLabRefusal(KernelLabRefusal.Reason.MISSING_TOOL, "losetup is not installed");
        }
        return loops;
    }

    public CancelToken cancel() {
        return cancel;
    }

    /** True in {@code --mount} mode: no images or loop devices; files go on the user's btrfs. */
    public boolean onUserMount() {
        return userMount.isPresent();
    }

    /** Image size for this run's volumes: room for copies, metadata and copy-on-write churn. Sparse anyway. */
    public long imageBytes() {
        return imageBytes;
    }

    /** Builds a lab volume for the running scenario; it is torn down when the scenario ends. */
    public LabVolume volume(LabVolume.Spec spec) throws IOException {
        cancel.throwIfCancelled();
        steps.accept("creating " + spec.fsType() + (spec.dataProfile().isEmpty() ? "" : " " + spec.dataProfile())
                + " on " + spec.devices() + " loop device(s)");
        LabVolume v = LabVolume.create(this, spec);
        open.add(v);
        return v;
    }

    /** A btrfs with {@code profile} over {@code devices} images, or the user's mount in --mount mode. */
    public BtrfsPlace btrfs(String tag, String profile, int devices) throws IOException {
        if (userMount.isPresent()) {
            DirHandle work = ownership.newWorkDir(tag);
            return UserMount.place(work.path(), userMount.get(), name -> ownership.newWorkFile(work, name));
        }
        return labBtrfs(tag, profile, devices);
    }

    /**
     * A btrfs of the lab's own, even in --mount mode: for a scenario that would change the user's btrfs for good
     * (its images and mount point are then the run's session files in the --mount directory).
     */
    public BtrfsPlace labBtrfs(String tag, String profile, int devices) throws IOException {
        LabVolume v = volume(LabVolume.Spec.btrfs(tag, profile, devices, imageBytes));
        return new BtrfsPlace(v.mountPoint(), v.deviceNames(), v.describe(), v.sysfs(), v, v::newFile);
    }

    /** The running scenario's volumes, oldest first (what a trace of it filters on). */
    public List<LabVolume> volumes() {
        return List.copyOf(open);
    }

    /** The btrfs the user mounted ({@code --mount}), if any. */
    public Optional<Path> userMount() {
        return userMount;
    }

    /** Tears down the scenario's volumes, newest first; every one is tried, the first failure is thrown. */
    public void closeVolumes() throws IOException {
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
    public List<String> tornDown() {
        return List.copyOf(tornDown);
    }
}
