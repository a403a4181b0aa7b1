package org.diolab.live.kernel.lab;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.diolab.live.scratch.DirHandle;
import org.diolab.live.scratch.ScratchFile;

/**
 * A filesystem the lab built for one scenario: sparse images of the run's session, a loop device each (attached by
 * the image's descriptor), mkfs, and a mount point of the session's own (mounted on by descriptor). {@link #close()}
 * tears down exactly these (through {@link Teardown}, like a killed run's leftovers), so a scenario can end, fail or
 * be cancelled anywhere and leave nothing.
 */
public final class LabVolume implements AutoCloseable {
    private static final Duration LIMIT = Duration.ofSeconds(120);
    /** mkfs and mount retried while a device is busy: up to 8 tries, 0.2 s, 0.4 s, ... apart (5.6 s in all). */
    private static final int BUSY_ATTEMPTS = 8;

    private static final Duration BUSY_PAUSE = Duration.ofMillis(200);

    /** btrfs with a data profile over {@code devices} images, or ext4 on one. */
    public record Spec(
            String tag, String fsType, String dataProfile, int devices, long imageBytes, boolean loopDirectIo) {
        public static Spec btrfs(String tag, String profile, int devices, long imageBytes) {
            return new Spec(tag, "btrfs", profile, devices, imageBytes, false);
        }

        public static Spec ext4(String tag, long imageBytes) {
            return new Spec(tag, "ext4", "", 1, imageBytes, false);
        }

        public Spec withLoopDirectIo() {
            return new Spec(tag, fsType, dataProfile, devices, imageBytes, true);
        }
    }

    private final LabSession session;
    private final Spec spec;
    private final List<ScratchFile> images = new ArrayList<>();
    private final List<LoopDevices.Loop> loops = new ArrayList<>();
    /** Each loop device's queue settings as the lab found them when it attached the device: put back at the end. */
    private final Map<String, Map<String, String>> queueAtAttach = new LinkedHashMap<>();

    private DirHandle mountPoint;
    private String profile;
    private boolean mounted;

    private LabVolume(LabSession session, Spec spec) {
        this.session = session;
        this.spec = spec;
        this.profile = spec.dataProfile();
    }

    /** Builds and mounts the volume; on any failure tears down what it made and rethrows. */
    static LabVolume create(LabSession session, Spec spec) throws IOException {
        LabVolume v = new LabVolume(session, spec);
        try {
            v.build();
            return v;
        } catch (IOException | RuntimeException e) {
            v.close();
            throw e;
        }
    }

    private void build() throws IOException {
        LabOwnership own = session.ownership();
        for (int i = 0; i < spec.devices(); i++) {
            ScratchFile img = own.newImage(spec.tag() + "-" + i, spec.imageBytes());
            images.add(img);
            session.cancel().throwIfCancelled();
            LoopDevices.Loop loop = session.loops().attach(img, spec.loopDirectIo());
            loops.add(loop);
            own.attached(loop, img);
            queueAtAttach.put(loop.name(), QueueKnobs.read(loop.name()));
        }
        mountPoint = own.newMountPoint(spec.tag());
        format(false);
        mount(List.of());
    }

    /** mkfs on the volume's devices; {@code force} re-formats this volume's own devices (after a check). */
    void format(boolean force) throws IOException {
        List<String> cmd = new ArrayList<>();
        if (spec.fsType().equals("btrfs")) {
            cmd.addAll(List.of(
                    HostTools.require(session.tools().mkfsBtrfs(), "mkfs.btrfs").toString(),
                    "-q",
                    "-K",
                    "-L",
                    "dio-lab-" + spec.tag(),
                    "-d",
                    profile));
            cmd.addAll(List.of("-m", metadataProfile()));
        } else {
            cmd.addAll(List.of(
                    HostTools.require(session.tools().mkfsExt4(), "mkfs.ext4").toString(),
                    "-q",
                    "-E",
                    "nodiscard,lazy_itable_init=0,lazy_journal_init=0",
                    "-L",
                    "dio-lab-" + spec.tag()));
        }
        if (force) {
            cmd.add(spec.fsType().equals("btrfs") ? "-f" : "-F");
        }
        loops.forEach(l -> cmd.add(l.device()));
        Exec.checkRetryingWhileBusy(cmd, LIMIT, BUSY_ATTEMPTS, BUSY_PAUSE);
    }

    /** Metadata as safe as the data: RAID1C3 with RAID1C3, RAID1 on several devices, DUP on one (mkfs's default). */
    private String metadataProfile() {
        if (loops.size() == 1) {
            return "dup";
        }
        return profile.equals("raid1c3") ? "raid1c3" : "raid1";
    }

    /** Re-formats this volume's devices with another btrfs data profile (unmounted first). */
    public void reformat(String dataProfile) throws IOException {
        unmount();
        forgetDevices();
        this.profile = dataProfile;
        format(true);
        mount(List.of());
    }

    /** Mounts all devices with extra options ({@code ro}, {@code degraded}, ...). */
    void mount(List<String> options) throws IOException {
        mountDevices(loops, options);
    }

    private void mountDevices(List<LoopDevices.Loop> devices, List<String> options) throws IOException {
        List<String> opts = new ArrayList<>(options);
        if (spec.fsType().equals("btrfs")) {
            devices.forEach(l -> opts.add("device=" + l.device()));
        }
        // On the directory the session created and holds, whatever its name points at by now: no canonicalizing, the
        // kernel follows the /proc descriptor link itself.
        List<String> cmd = new ArrayList<>(List.of(
                HostTools.require(session.tools().mount(), "mount").toString(),
                "--no-canonicalize",
                "-t",
                spec.fsType()));
        if (!opts.isEmpty()) {
            cmd.addAll(List.of("-o", String.join(",", opts)));
        }
        cmd.addAll(List.of(devices.getFirst().device(), mountPoint.toolPath().toString()));
        Exec.checkRetryingWhileBusy(cmd, LIMIT, BUSY_ATTEMPTS, BUSY_PAUSE);
        mounted = true;
    }

    public void unmount() throws IOException {
        if (!mounted) {
            return;
        }
        Optional<String> failed = Teardown.unmount(mountPoint(), false);
        if (failed.isPresent()) {
            throw new IOException(failed.get());
        }
        mounted = false;
    }

    /**
     * Mounts one RAID leg alone, read-only and degraded: every other device is first removed from btrfs's device
     * list ({@code btrfs device scan --forget}), so the kernel can only read this leg. Checks that the mounted
     * filesystem really has this one device before returning.
     */
    public void mountLegAlone(int leg) throws IOException {
        unmount();
        forgetDevices();
        mountDevices(List.of(loops.get(leg)), List.of("ro", "degraded"));
        List<String> present = memberDevices();
        if (!present.equals(List.of(loops.get(leg).name()))) {
            throw new IOException("mounting " + loops.get(leg).device() + " alone still brought in " + present
                    + "; cannot read the leg on its own");
        }
    }

    private void forgetDevices() throws IOException {
        if (!spec.fsType().equals("btrfs") || session.tools().btrfs().isEmpty()) {
            return;
        }
        for (LoopDevices.Loop l : loops) {
            Exec.run(
                    List.of(session.tools().btrfs().get().toString(), "device", "scan", "--forget", l.device()), LIMIT);
        }
    }

    /**
     * Sets a queue setting ({@link QueueKnobs#KNOBS}) of this volume's first loop device, recorded first, so the
     * teardown puts back the value it had, however the run ends (and the next run's sweep, after a kill).
     */
    public void setQueueKnob(String knob, String value) throws IOException {
        session.ownership().setKnob(loops.getFirst(), images.getFirst(), knob, value);
    }

    /**
     * Records, before a scrub of this volume, that btrfs-progs will write its record of it in /var/lib/btrfs, so the
     * teardown removes it; the volume's own UUID is in the record's name. The volume's scrub needs this first.
     */
    public void beforeScrub() throws IOException {
        Path fs = sysfs().orElseThrow(() -> new IOException("cannot find " + describe() + " in /sys/fs/btrfs"));
        session.ownership().scrubbing(fs.getFileName().toString());
    }

    /** The btrfs sysfs directory of the mounted filesystem (/sys/fs/btrfs/UUID), found by its member devices. */
    public Optional<Path> sysfs() throws IOException {
        for (LoopDevices.Loop l : loops) {
            Optional<Path> fs = UserMount.sysfsOf(l.name());
            if (fs.isPresent()) {
                return fs;
            }
        }
        return Optional.empty();
    }

    /** The devices btrfs says the mounted filesystem has, by name ("loop3"). */
    List<String> memberDevices() throws IOException {
        Optional<Path> fs = sysfs();
        if (fs.isEmpty()) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(fs.get().resolve("devices"))) {
            ds.forEach(p -> out.add(p.getFileName().toString()));
        }
        out.sort(null);
        return out;
    }

    public Path mountPoint() {
        return mountPoint.path();
    }

    /** A new empty file on this volume (never reusing a name): the lab's own filesystem, so plain paths are safe. */
    public Path newFile(String name) throws IOException {
        return LabFiles.newFile(mountPoint(), name);
    }

    /** The volume's tag ("raid1", "csum") and filesystem ("btrfs", "ext4"), for naming its devices in a trace. */
    String tag() {
        return spec.tag();
    }

    String fsType() {
        return spec.fsType();
    }

    List<LoopDevices.Loop> loops() {
        return List.copyOf(loops);
    }

    public List<String> deviceNames() {
        return loops.stream().map(LoopDevices.Loop::name).toList();
    }

    String profile() {
        return profile;
    }

    /** "btrfs RAID1 (data and metadata) on 2 sparse 512 MiB loop images (loop0, loop1)" */
    public String describe() {
        String fs = spec.fsType().equals("btrfs")
                ? "btrfs, data " + profile.toUpperCase(Locale.ROOT) + ", metadata "
                        + metadataProfile().toUpperCase(Locale.ROOT)
                : "ext4";
        return fs + " on " + loops.size() + " sparse " + (spec.imageBytes() >> 20) + " MiB loop image"
                + (loops.size() > 1 ? "s" : "") + " (" + String.join(", ", deviceNames()) + ")"
                + (!loops.isEmpty() && loops.stream().allMatch(LoopDevices.Loop::directIo)
                        ? ", loop direct I/O on"
                        : "");
    }

    /** Unmounts, forgets, detaches and deletes exactly this volume's devices, images and mount point. */
    @Override
    public void close() throws IOException {
        mounted = false;
        // Whatever changed a setting of the lab's loop devices (declared or not), it is put back before they go.
        List<String> problems = new ArrayList<>();
        queueAtAttach.forEach((loop, before) -> QueueKnobs.restore(loop, before, problems));
        Teardown.Report r = session.ownership().remove(images, mountPoint == null ? List.of() : List.of(mountPoint));
        problems.addAll(r.problems());
        if (!problems.isEmpty()) {
            throw new IOException("could not tear down " + spec.tag() + ": " + String.join("; ", problems));
        }
    }
}
