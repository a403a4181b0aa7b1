package org.diolab.live.kernel.lab;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.diolab.live.kernel.trace.TraceInstance;
import org.diolab.live.kernel.trace.TracePlan;
import org.diolab.live.kernel.trace.TraceRecording;
import org.diolab.live.kernel.trace.TraceResource;
import org.diolab.live.kernel.trace.Tracefs;
import org.diolab.live.kernel.trace.TracefsMounter;
import org.diolab.live.kernel.trace.WindowPolicy;
import org.diolab.live.scratch.DirHandle;
import org.diolab.sys.ErrnoException;
import org.diolab.sys.LibC;
import org.diolab.sys.MountTable;
import org.jspecify.annotations.Nullable;

/**
 * The tracefs a kernel-lab run records in, as one of the run's owned resources: the system's (/sys/kernel/tracing,
 * or under debugfs), or one the lab mounts at a directory of its session
 * ({@code .dio-lab-<session>-tracefs}, mode 0700) when none is, with the native layer's mount(2). Each recording's
 * instance ({@code instances/dio-lab-<session>}) and the mount are claimed in the session's manifest before they are
 * made, removed when done (also on failure and cancel, by the run's release), and swept by the next run in the same
 * directory when the run was killed ({@link TraceTeardown}).
 */
public final class LabTracefs implements AutoCloseable {
    /** Bounded whatever the run's length: about 30 MB of kept text at most, see {@link WindowPolicy}. */
    static final WindowPolicy POLICY = WindowPolicy.DEFAULT;

    private final LabOwnership own;
    private final Tracefs fs;
    private final @Nullable DirHandle mountDir;
    private final @Nullable TraceResource mountClaim;
    private boolean closed;

    private LabTracefs(LabOwnership own, Tracefs fs, @Nullable DirHandle mountDir, @Nullable TraceResource claim) {
        this.own = own;
        this.fs = fs;
        this.mountDir = mountDir;
        this.mountClaim = claim;
    }

    /**
     * A tracefs for the run: a mounted one, else one mounted at a new directory of the session (recorded, and the
     * mount claimed, before mount(2)). Throws, saying why, when tracing cannot work here (not root, no tracefs in the
     * kernel, mount refused); the caller then runs untraced.
     */
    public static LabTracefs open(LabOwnership own) throws IOException {
        if (LibC.geteuid() != 0) {
            throw new IOException("recording a trace needs root (tracefs instances and events are root's)");
        }
        Optional<Tracefs> found = Tracefs.find(candidates());
        if (found.isPresent()) {
            return new LabTracefs(own, found.get(), null, null);
        }
        if (!HostTools.kernelHas("tracefs")) {
            throw new IOException(
                    "this kernel has no tracefs (not in /proc/filesystems): it was built without tracing");
        }
        DirHandle dir = own.newTracefsDir();
        TraceResource claim = new TraceResource(TraceResource.Kind.TRACEFS_MOUNT, dir.path(), own.session());
        try {
            own.claim(claim);
            Tracefs fs = Tracefs.mount(dir.path(), new Mounter(dir));
            return new LabTracefs(own, fs, dir, claim);
        } catch (IOException | RuntimeException e) {
            Optional<String> left = TraceTeardown.unmountTracefs(dir.path());
            if (left.isEmpty()) {
                own.unclaim(claim);
                own.removeTracefsDir(dir);
            }
            throw e;
        }
    }

    /**
     * Where the lab records: the system's tracefs at its well-known places only. A tracefs someone mounted elsewhere
     * (a tool's own, in a temporary directory) may go away under a recording; the lab mounts its own instead.
     */
    static List<Path> candidates() {
        return Tracefs.WELL_KNOWN;
    }

    /** Where an instance of the lab's may be seen: every tracefs mounted now (instances are the kernel's, not a mount's). */
    static List<Path> everyMount() {
        List<Path> out = new ArrayList<>(Tracefs.WELL_KNOWN);
        try {
            MountTable.read().stream().filter(m -> m.fsType().equals("tracefs")).forEach(m -> out.add(m.mountPoint()));
        } catch (IOException e) {
            // the well-known places are still tried
        }
        return out;
    }

    /** "the system's tracefs at /sys/kernel/tracing", "tracefs mounted by the lab at …". */
    public String describe() {
        return mountDir == null ? "the system's tracefs at " + fs.root() : "tracefs mounted by the lab at " + fs.root();
    }

    public Tracefs tracefs() {
        return fs;
    }

    /** Starts recording {@code plan} in the session's instance, claimed in the manifest before it is created. */
    public TraceRecording record(TracePlan plan) throws IOException {
        TraceResource claim = TraceInstance.resourceFor(fs, own.session());
        own.claim(claim);
        try {
            return TraceRecording.start(fs, own.session(), plan, POLICY);
        } catch (IOException | RuntimeException e) {
            if (!java.nio.file.Files.exists(claim.path())) {
                own.unclaim(claim); // start() removed what it made; an instance still there stays claimed
            }
            throw e;
        }
    }

    /** Ends a recording: its instance removed, then its claim dropped (kept when removal failed, for the release). */
    public void remove(TraceRecording rec) throws IOException {
        rec.close();
        own.unclaim(TraceInstance.resourceFor(fs, own.session()));
    }

    /** Unmounts a tracefs the lab mounted and removes its directory; the system's stays. */
    @Override
    public synchronized void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        if (mountDir == null || mountClaim == null) {
            return;
        }
        Optional<String> left = TraceTeardown.unmountTracefs(mountDir.path());
        if (left.isPresent()) {
            throw new IOException(left.get());
        }
        own.unclaim(mountClaim);
        own.removeTracefsDir(mountDir);
    }

    /** mount(2) and umount2(2) of tracefs at the session's directory, through the held descriptor. */
    private static final class Mounter implements TracefsMounter {
        private final DirHandle dir;

        Mounter(DirHandle dir) {
            this.dir = dir;
        }

        @Override
        public void mount(Path target) throws IOException {
            if (!target.equals(dir.path())) {
                throw new IOException("tracefs is mounted only at the session's own directory, not " + target);
            }
            // On the directory the session created and holds, whatever its name points at by now.
            int errno = LibC.mount(
                    "nodev", dir.toolPath().toString(), "tracefs", LibC.MS_NOSUID | LibC.MS_NODEV | LibC.MS_NOEXEC);
            if (errno != 0) {
                throw new ErrnoException("mount -t tracefs nodev " + target, errno);
            }
        }

        @Override
        public void unmount(Path target) throws IOException {
            Optional<String> why = TraceTeardown.unmountTracefs(target);
            if (why.isPresent()) {
                throw new IOException(why.get());
            }
        }
    }
}
