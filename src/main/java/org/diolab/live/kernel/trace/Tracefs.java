package org.diolab.live.kernel.trace;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The tracefs the lab records in: one already mounted (mountinfo's tracefs mounts, then /sys/kernel/tracing), or one
 * the lab mounted at a private directory of its own when none is ({@link #mount}); only then does {@link #close()}
 * unmount it. Recording needs root: creating instances and enabling events are root's.
 */
public final class Tracefs implements AutoCloseable {
    /** Where tracefs lives when the system mounted it (the second under debugfs, on older setups). */
    public static final List<Path> WELL_KNOWN =
            List.of(Path.of("/sys/kernel/tracing"), Path.of("/sys/kernel/debug/tracing"));

    private final Path root;
    private final TracefsMounter mounter;
    private final boolean ours;
    private boolean closed;

    private Tracefs(Path root, TracefsMounter mounter, boolean ours) {
        this.root = root;
        this.mounter = mounter;
        this.ours = ours;
    }

    /**
     * The first of {@code candidates} (mountinfo's tracefs mount points first, then {@link #WELL_KNOWN}) that is a
     * tracefs this process can create instances in.
     */
    public static Optional<Tracefs> find(List<Path> candidates) {
        for (Path p : candidates) {
            if (isTracefs(p)) {
                return Optional.of(new Tracefs(p, TracefsMounter.NONE, false));
            }
        }
        return Optional.empty();
    }

    /** Mounts tracefs at {@code emptyDir}, a directory the lab created and owns (recorded before this is called). */
    public static Tracefs mount(Path emptyDir, TracefsMounter mounter) throws IOException {
        try (var s = Files.list(emptyDir)) {
            if (s.findAny().isPresent()) {
                throw new IOException(emptyDir + " is not empty; tracefs is mounted only on an empty directory");
            }
        }
        mounter.mount(emptyDir);
        if (!isTracefs(emptyDir)) {
            try {
                mounter.unmount(emptyDir);
            } catch (IOException e) {
                throw new IOException(
                        "mounted " + emptyDir + " but it is not a usable tracefs, and unmounting it" + " failed: "
                                + e.getMessage(),
                        e);
            }
            throw new IOException("mounted tracefs at " + emptyDir + " but it has no instances/ or trace_marker");
        }
        return new Tracefs(emptyDir, mounter, true);
    }

    /** True when {@code dir} is a tracefs mount with instances/ and trace_marker (java.nio's file store says so). */
    public static boolean isTracefs(Path dir) {
        try {
            return Files.isDirectory(dir.resolve("instances"))
                    && Files.exists(dir.resolve("trace_marker"))
                    && Files.getFileStore(dir).type().equals("tracefs");
        } catch (IOException | SecurityException e) {
            return false;
        }
    }

    public Path root() {
        return root;
    }

    /** True when the lab mounted it (and {@link #close()} unmounts it). */
    public boolean mountedByLab() {
        return ours;
    }

    /** The mount as an owned resource, when the lab made it. */
    public Optional<TraceResource> resource(String session) {
        return ours
                ? Optional.of(new TraceResource(TraceResource.Kind.TRACEFS_MOUNT, root, session))
                : Optional.empty();
    }

    /** The trace clocks this kernel offers ({@code trace_clock}: "[local] global counter ... mono ..."). */
    public List<String> clocks() throws IOException {
        List<String> out = new ArrayList<>();
        for (String w : Files.readString(root.resolve("trace_clock")).strip().split("\\s+")) {
            out.add(w.replace("[", "").replace("]", ""));
        }
        return out;
    }

    /** True when {@code system:event} exists here. */
    public boolean hasEvent(String system, String event) {
        return Files.isDirectory(root.resolve("events").resolve(system).resolve(event));
    }

    /** Unmounts it if the lab mounted it; a tracefs the system mounted stays. */
    @Override
    public synchronized void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        if (ours) {
            mounter.unmount(root);
        }
    }
}
