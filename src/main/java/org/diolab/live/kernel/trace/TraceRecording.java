package org.diolab.live.kernel.trace;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import org.diolab.live.kernel.trace.meaning.ClockAlignment;
import org.diolab.live.kernel.trace.text.LabMark;
import org.diolab.live.kernel.trace.text.MarkKind;

/**
 * One scenario's recording in the lab's own instance: created and configured for the scenario's {@link TracePlan},
 * drained by a reader thread into a bounded {@link TraceWindow} while the race runs, markers handed to the racing
 * threads, then stopped and removed.
 *
 * <pre>{@code
 * try (TraceRecording rec = TraceRecording.start(tracefs, session, plan, WindowPolicy.DEFAULT)) {
 *     // phase 2: record rec.resources() in the session manifest first
 *     Marker m = rec.marker("reader");          // on the reading thread; the scribbler opens its own
 *     m.readBegin(1, off, len, "datasum"); long ret = read(...); m.readEnd(1, ret);
 *     TraceResult r = rec.stop();               // drained to the last line, tracing off, instance removed
 * }
 * }</pre>
 *
 * {@link #close()} removes the instance whatever happened (stopping first if {@link #stop()} was not reached).
 */
public final class TraceRecording implements AutoCloseable {
    private static final Duration DRAIN = Duration.ofSeconds(10);
    private final String scenario;
    private final TraceInstance instance;
    private TraceInstance.Configured configured;
    private final TraceWindow window;
    private final TracePipeReader reader;
    private final long nonce;
    private final List<TraceMarker> markers = new ArrayList<>();
    private boolean stopped;

    private TraceRecording(
            String scenario,
            TraceInstance instance,
            TraceInstance.Configured configured,
            TraceWindow window,
            TracePipeReader reader,
            long nonce) {
        this.scenario = scenario;
        this.nonce = nonce;
        this.instance = instance;
        this.configured = configured;
        this.window = window;
        this.reader = reader;
    }

    /**
     * Creates the session's instance, enables the plan's events and starts recording. On any failure the instance is
     * removed again before this throws.
     */
    public static TraceRecording start(Tracefs fs, String session, TracePlan plan, WindowPolicy policy)
            throws IOException {
        TraceInstance inst = TraceInstance.create(fs, session);
        TracePipeReader reader = null;
        try {
            TraceInstance.Configured c = inst.configure(plan);
            TraceWindow w = new TraceWindow(policy);
            long nonce = ThreadLocalRandom.current().nextLong(1, Long.MAX_VALUE);
            reader = TracePipeReader.start(inst.file("trace_pipe"), w, stopWord(nonce));
            inst.start();
            return new TraceRecording(plan.scenario(), inst, c, w, reader, nonce);
        } catch (IOException | RuntimeException e) {
            if (reader != null) {
                reader.abort();
            }
            try {
                inst.close();
            } catch (IOException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
    }

    private static String stopWord(long nonce) {
        return LabMark.PREFIX + MarkKind.END.word() + " " + nonce;
    }

    public synchronized TraceInstance.Configured configured() {
        return configured;
    }

    /** The same events with {@code plan}'s filters (the scenario built another volume); see {@link TraceInstance#refilter}. */
    public synchronized void retarget(TracePlan plan) throws IOException {
        if (!stopped) {
            configured = instance.refilter(plan, configured);
        }
    }

    /** What this recording owns outside the lab's files: its instance (the tracefs mount is {@link Tracefs}'s). */
    public List<TraceResource> resources() {
        return List.of(instance.resource());
    }

    /** A marker for the calling thread, announcing its {@code role} ("reader", "scribbler", "writer-3"). */
    public synchronized Marker marker(String role) throws IOException {
        if (stopped) {
            return Marker.OFF;
        }
        TraceMarker m = TraceMarker.open(instance.file("trace_marker"), role);
        markers.add(m);
        return m;
    }

    /**
     * Writes a trace_marker line, a /dev/kmsg line and a second marker in a row, so the reading can check (or, on
     * another trace clock, find) how kernel log times map onto the trace's ({@code ClockAlignment.fromProbe}). It
     * adds one line to the system log ("dio-lab clock probe ID"); the lab does it once a run at most.
     */
    public synchronized void probeClock(Path kmsg, long id) throws IOException {
        if (stopped) {
            return;
        }
        try (TraceMarker m = TraceMarker.open(instance.file("trace_marker"), "clock")) {
            m.clock(id, "before");
            TracefsFiles.write(kmsg, ClockAlignment.probeLine(id));
            m.clock(id, "after");
        }
    }

    /**
     * Ends the recording: the recorder's last marker, the reader drains up to it (at most 10 s), tracing stops, every
     * marker is closed (a racing thread's later lines are dropped, counted) and the kept lines are returned. The
     * instance is removed by {@link #close()}.
     */
    public synchronized TraceResult stop() throws IOException {
        if (stopped) {
            throw new IllegalStateException("the recording was stopped already");
        }
        stopped = true;
        boolean whole;
        try (TraceMarker m = TraceMarker.open(instance.file("trace_marker"), "recorder")) {
            m.end(nonce);
        } finally {
            whole = reader.stop(DRAIN);
            instance.stop();
        }
        BufferStats stats = instance.stats();
        for (TraceMarker m : markers) {
            m.close();
        }
        long lines = markers.stream().mapToLong(TraceMarker::lines).sum();
        long failures = markers.stream().mapToLong(TraceMarker::failures).sum();
        TraceWindow.Kept kept = window.finish();
        IOException failed = reader.failure();
        if (failed != null) {
            throw new IOException("reading " + instance.file("trace_pipe") + " failed: " + failed.getMessage(), failed);
        }
        return new TraceResult(
                scenario,
                instance.dir().getFileName().toString(),
                configured,
                kept.lines(),
                kept.gaps(),
                kept.stats(),
                stats,
                TraceInstance.CLOCK,
                lines,
                failures,
                whole);
    }

    /** Stops (discarding) if {@link #stop()} was not reached, closes every marker, removes the instance. */
    @Override
    public synchronized void close() throws IOException {
        if (!stopped) {
            stopped = true;
            reader.abort();
        }
        for (TraceMarker m : markers) {
            m.close();
        }
        instance.close();
    }
}
