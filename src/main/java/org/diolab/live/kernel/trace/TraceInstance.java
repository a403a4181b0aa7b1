package org.diolab.live.kernel.trace;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The lab's own tracefs instance, {@code instances/dio-lab-<session>}: a ring buffer, event switches and filters,
 * trace_marker and trace_pipe of its own, so nobody else's tracing is touched and nothing of the lab's shows up in
 * theirs. Created by mkdir (the kernel builds its files), configured for one {@link TracePlan} at a time, removed by
 * rmdir after its events are switched off.
 */
public final class TraceInstance implements AutoCloseable {
    /** Every instance of the lab's starts with this; the session id follows. */
    public static final String PREFIX = "dio-lab-";
    /**
     * The trace clock the lab selects: "perf" is local_clock(), the clock printk stamps kernel log records with, so
     * log times need no conversion ("local", the default, is raw sched_clock(), which differs from it by a constant
     * offset: 39.9 ms on this machine).
     */
    public static final String CLOCK = "perf";

    /** What configuring did: the events now on, and those missing or refused (with the kernel's reason). */
    public record Configured(List<String> enabled, List<String> missing) {
        public Configured {
            enabled = List.copyOf(enabled);
            missing = List.copyOf(missing);
        }
    }

    private final Tracefs fs;
    private final Path dir;
    private final String session;
    private final List<EventSpec> on = new ArrayList<>();
    private boolean removed;

    private TraceInstance(Tracefs fs, Path dir, String session) {
        this.fs = fs;
        this.dir = dir;
        this.session = session;
    }

    /** "dio-lab-0123456789ab"; a session id is lower-case letters and digits. */
    public static String nameFor(String session) {
        if (!session.matches("[a-z0-9]{1,32}")) {
            throw new IllegalArgumentException("not a session id: " + session);
        }
        return PREFIX + session;
    }

    /** The instance directory a session's instance has (whether or not it exists). */
    public static Path pathFor(Tracefs fs, String session) {
        return fs.root().resolve("instances").resolve(nameFor(session));
    }

    /**
     * The instance a session's recording will create, as a resource: to be recorded in the session's manifest before
     * {@link #create} makes it, so a run killed in between still has it swept.
     */
    public static TraceResource resourceFor(Tracefs fs, String session) {
        return new TraceResource(TraceResource.Kind.TRACE_INSTANCE, pathFor(fs, session), session);
    }

    /** Creates the session's instance; it must not exist (another run of this session would own it). */
    public static TraceInstance create(Tracefs fs, String session) throws IOException {
        Path dir = pathFor(fs, session);
        try {
            Files.createDirectory(dir);
        } catch (FileAlreadyExistsException e) {
            throw new IOException(
                    "trace instance " + dir + " already exists; it belongs to a running or killed run" + " of session "
                            + session,
                    e);
        }
        return new TraceInstance(fs, dir, session);
    }

    public Path dir() {
        return dir;
    }

    public Tracefs tracefs() {
        return fs;
    }

    public TraceResource resource() {
        return resourceFor(fs, session);
    }

    /**
     * Tracing off, events of a previous plan off, the clock {@value #CLOCK}, the ring {@code bufferKbPerCpu} per
     * CPU, the plan's events on with their filters, the buffer emptied. An event this kernel lacks, or whose filter it
     * refuses, is listed in {@link Configured#missing()} and left off; the others record.
     */
    public synchronized Configured configure(TracePlan plan) throws IOException {
        ensureOpen();
        TracefsFiles.write(dir.resolve("tracing_on"), "0");
        disableAll();
        TracefsFiles.write(dir.resolve("trace_clock"), CLOCK);
        TracefsFiles.write(dir.resolve("buffer_size_kb"), Integer.toString(plan.bufferKbPerCpu()));
        List<String> enabled = new ArrayList<>();
        List<String> missing = new ArrayList<>();
        for (EventSpec s : plan.events()) {
            Path ev = dir.resolve("events").resolve(s.system()).resolve(s.event());
            if (!Files.isDirectory(ev)) {
                missing.add(s.id() + ": not in this kernel");
                continue;
            }
            try {
                TracefsFiles.write(ev.resolve("filter"), s.filter().isBlank() ? "0" : s.filter());
            } catch (IOException e) {
                String why = TracefsFiles.lastError(dir);
                TracefsFiles.write(ev.resolve("filter"), "0");
                missing.add(s.id() + ": filter '" + s.filter() + "' refused" + (why.isEmpty() ? "" : " (" + why + ")"));
                continue;
            }
            TracefsFiles.write(ev.resolve("enable"), "1");
            on.add(s);
            enabled.add(s.id() + (s.filter().isBlank() ? "" : " if " + s.filter()));
        }
        TracefsFiles.write(dir.resolve("trace"), ""); // opening trace for writing with O_TRUNC empties the ring
        return new Configured(enabled, missing);
    }

    /**
     * New filters for the events already on, while they record: the lab's devices change when a scenario builds
     * another volume. An event whose new filter the kernel refuses is switched off and listed in {@code missing}.
     */
    public synchronized Configured refilter(TracePlan plan, Configured before) throws IOException {
        ensureOpen();
        List<String> enabled = new ArrayList<>();
        List<String> missing = new ArrayList<>(before.missing());
        List<EventSpec> now = new ArrayList<>();
        for (EventSpec s : plan.events()) {
            if (on.stream().noneMatch(o -> o.id().equals(s.id()))) {
                continue;
            }
            Path ev = dir.resolve("events").resolve(s.system()).resolve(s.event());
            try {
                TracefsFiles.write(ev.resolve("filter"), s.filter().isBlank() ? "0" : s.filter());
            } catch (IOException e) {
                String why = TracefsFiles.lastError(dir);
                TracefsFiles.write(ev.resolve("enable"), "0");
                missing.add(s.id() + ": filter '" + s.filter() + "' refused" + (why.isEmpty() ? "" : " (" + why + ")"));
                continue;
            }
            now.add(s);
            enabled.add(s.id() + (s.filter().isBlank() ? "" : " if " + s.filter()));
        }
        on.clear();
        on.addAll(now);
        return new Configured(enabled, missing);
    }

    public synchronized void start() throws IOException {
        ensureOpen();
        TracefsFiles.write(dir.resolve("tracing_on"), "1");
    }

    public synchronized void stop() throws IOException {
        if (!removed) {
            TracefsFiles.write(dir.resolve("tracing_on"), "0");
        }
    }

    /** The instance's file {@code name} (trace, trace_pipe, trace_marker, per_cpu/...). */
    public Path file(String name) {
        return dir.resolve(name);
    }

    /** Events lost and entries in the ring, summed over the CPUs. */
    public BufferStats stats() throws IOException {
        return BufferStats.read(dir.resolve("per_cpu"));
    }

    private void disableAll() throws IOException {
        TracefsFiles.write(dir.resolve("events").resolve("enable"), "0");
        for (EventSpec s : on) {
            Path f =
                    dir.resolve("events").resolve(s.system()).resolve(s.event()).resolve("filter");
            TracefsFiles.write(f, "0");
        }
        on.clear();
    }

    private void ensureOpen() {
        if (removed) {
            throw new IllegalStateException("trace instance " + dir + " was removed");
        }
    }

    /**
     * Tracing and events off, then rmdir. The kernel refuses (EBUSY) while a reader still has trace_pipe or a marker
     * open; those are the recorder's and are closed first, so a refusal is retried briefly before it is reported.
     */
    @Override
    public synchronized void close() throws IOException {
        if (removed) {
            return;
        }
        if (Files.isDirectory(dir)) {
            try {
                TracefsFiles.write(dir.resolve("tracing_on"), "0");
                TracefsFiles.write(dir.resolve("events").resolve("enable"), "0");
            } catch (IOException e) {
                // removal below is what matters; an instance half switched off still goes with rmdir
            }
        }
        Instances.remove(dir);
        removed = true;
    }
}
