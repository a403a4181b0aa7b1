package org.diolab.live.kernel.scenario;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;
import org.diolab.live.kernel.evidence.KernelLog;
import org.diolab.live.kernel.lab.LabSession;
import org.diolab.live.kernel.lab.LabTargets;
import org.diolab.live.kernel.lab.LabTracefs;
import org.diolab.live.kernel.trace.Marker;
import org.diolab.live.kernel.trace.TracePlan;
import org.diolab.live.kernel.trace.TraceRecording;
import org.diolab.live.kernel.trace.TraceResult;
import org.diolab.live.kernel.trace.TraceTargets;
import org.diolab.live.kernel.trace.meaning.ClockAlignment;
import org.diolab.live.kernel.trace.meaning.LabDevices;
import org.diolab.live.kernel.trace.text.DevNum;
import org.jspecify.annotations.Nullable;

/**
 * What the lab's racing threads know of the running scenario's tracing: a trace marker for each thread, the phase the
 * scenario is in, and the counts of its loops (for the race rate with and without tracing). The shared helpers
 * (IoLoop, Scribbler) reach it through {@link #current()}, a scoped value the front door binds around one run of a
 * scenario, so a scenario that races through them is traced without tracing code of its own; its plan
 * ({@link TracePlan#forScenario}) says what is recorded.
 *
 * <p>A recording tracer starts recording at the scenario's first race phase ({@link #begin}), filtered to the
 * volumes the scenario has built by then, and follows it when it builds more; {@link #finish} stops it, removes the
 * instance and hands back what was kept, with the kernel log lines of the same time. Anything that goes wrong with
 * tracing is noted ({@link #notRecorded()}) and the race runs on untraced: a trace never stops a scenario.
 */
public final class RaceTracer implements AutoCloseable {
    /** The tracer of the scenario running on this thread. */
    public static final ScopedValue<RaceTracer> CURRENT = ScopedValue.newInstance();

    private static final RaceTracer OFF = new RaceTracer("", null, null, null);
    private static final Path KMSG = Path.of("/dev/kmsg");
    /** The system property that overrides the plan's store marking, for measuring what marking costs. */
    public static final String STORE_MARK_EVERY = "dio-lab.trace.store-mark-every";

    /** One I/O loop of a shared helper: which file, how, for how long, and what its calls returned. */
    public record Loop(
            String phase,
            String file,
            boolean write,
            boolean nowait,
            boolean scribbled,
            long calls,
            long eio,
            long eagain,
            long otherErrors,
            long nanos) {}

    /** What a recording kept, with the lab's devices and the kernel log lines of its time (µs on the trace clock). */
    public record Recorded(TraceResult result, LabDevices devices, List<KernelLog.Line> log) {
        public Recorded {
            log = List.copyOf(log);
        }
    }

    private final String scenario;
    private final @Nullable LabTracefs fs;
    private final @Nullable LabSession session;
    private final @Nullable KernelLog log;
    private final List<Loop> loops = new ArrayList<>();
    private final AtomicInteger scribblers = new AtomicInteger();
    private final List<String> notRecorded = new ArrayList<>();
    private final Map<DevNum, String> blocks = new LinkedHashMap<>();
    private final Map<DevNum, String> filesystems = new LinkedHashMap<>();
    private final Set<String> deviceNames = new LinkedHashSet<>();
    private long passes;
    private long passNanos;
    private volatile String phase = "";
    private @Nullable TraceRecording rec;
    private @Nullable TracePlan plan;
    private @Nullable TraceTargets last;
    private @Nullable Marker labMarker;
    private @Nullable Thread labThread;
    private String lastMarked = "";
    private int logMark;
    private boolean gaveUp;
    private boolean finished;

    private RaceTracer(
            String scenario, @Nullable LabTracefs fs, @Nullable LabSession session, @Nullable KernelLog log) {
        this.scenario = scenario;
        this.fs = fs;
        this.session = session;
        this.log = log;
    }

    /** The tracer bound to this thread, or one that counts and records nothing (a helper used outside a lab run). */
    public static RaceTracer current() {
        return CURRENT.isBound() ? CURRENT.get() : OFF;
    }

    /** Counts the loops of an untraced run of {@code scenario}, the side the traced run is compared with. */
    public static RaceTracer counting(String scenario) {
        return new RaceTracer(scenario, null, null, null);
    }

    /** Counts and records a run of {@code scenario} in {@code fs}, on what {@code session} builds for it. */
    public static RaceTracer recording(String scenario, LabTracefs fs, LabSession session, KernelLog log) {
        return new RaceTracer(scenario, fs, session, log);
    }

    /**
     * A race phase starts ({@code what}: "reads", "scribbler"): the first one starts the recording, a later one on
     * volumes built since re-targets its filters; each is marked in the trace as the scenario's current step.
     */
    public synchronized void begin(String what) {
        if (fs == null || session == null || log == null || gaveUp || finished) {
            return;
        }
        LabTargets t = LabTargets.of(session);
        try {
            if (rec == null) {
                Optional<TracePlan> p = TracePlan.forScenario(scenario, t.targets());
                if (p.isEmpty()) {
                    giveUp("no trace plan for " + scenario + " (TracePlan.forScenario)");
                    return;
                }
                plan = p.get();
                logMark = log.mark();
                rec = fs.record(plan);
                rec.configured().missing().forEach(m -> notRecorded.add("event " + m));
                probeClock(rec);
            } else if (!t.targets().equals(last)) {
                rec.retarget(TracePlan.forScenario(scenario, t.targets()).orElseThrow());
            }
        } catch (IOException | RuntimeException e) {
            giveUp("could not record: " + e.getMessage());
            return;
        }
        last = t.targets();
        blocks.putAll(t.targets().devices().blockDevices());
        filesystems.putAll(t.targets().devices().filesystems());
        deviceNames.addAll(t.devices());
        mark(phase.isEmpty() ? what : phase);
    }

    private void probeClock(TraceRecording r) {
        try {
            r.probeClock(KMSG, System.nanoTime() & Long.MAX_VALUE);
        } catch (IOException e) {
            notRecorded.add("no clock probe (" + e.getMessage() + "): kernel log times are used as they are");
        }
    }

    private void giveUp(String why) {
        gaveUp = true;
        notRecorded.add(why);
        if (rec != null && fs != null) {
            try {
                fs.remove(rec);
            } catch (IOException e) {
                notRecorded.add(e.getMessage()); // the run's release retries; the claim stays until then
            }
            rec = null;
        }
    }

    /** The scenario says where it is ("direct reads while the buffer changes"): a phase line in the trace. */
    public void step(String step) {
        phase = step;
        synchronized (this) {
            if (rec != null && !finished) {
                mark(step);
            }
        }
    }

    private void mark(String step) {
        if (rec == null) {
            return;
        }
        if (labMarker == null) {
            try {
                labMarker = rec.marker("lab");
                labThread = Thread.currentThread();
            } catch (IOException e) {
                return;
            }
        }
        if (labThread == Thread.currentThread() && !step.equals(lastMarked)) {
            labMarker.phase(step);
            lastMarked = step;
        }
    }

    /**
     * A finding after the fact, into the trace ({@code legs-differ} at a file offset: the legs of a mirror hold
     * different data there), from the scenario's thread.
     */
    public synchronized void note(String what, long offset) {
        if (rec != null && !finished) {
            mark(phase);
            if (labMarker != null && labThread == Thread.currentThread()) {
                labMarker.note(what, offset);
            }
        }
    }

    /** A marker for the calling thread, announcing its {@code role}; {@link Marker#OFF} when nothing records. */
    public synchronized Marker marker(String role) {
        if (rec == null || finished) {
            return Marker.OFF;
        }
        try {
            return rec.marker(role);
        } catch (IOException e) {
            notRecorded.add("no marker for the " + role + ": " + e.getMessage());
            return Marker.OFF;
        }
    }

    /** True while a recording runs. */
    public synchronized boolean recording() {
        return rec != null && !finished;
    }

    /**
     * How often the scribbler marks its passes: the plan's every n-th, or what the system property
     * {@value #STORE_MARK_EVERY} says (bench/kernel-trace-cost.sh compares them); 1 before a recording starts.
     */
    public synchronized int storeMarkEvery() {
        return plan == null ? 1 : Math.max(1, Integer.getInteger(STORE_MARK_EVERY, plan.storeMarkEvery()));
    }

    /** Something that lasts until closed (closing throws nothing). */
    public interface Active extends AutoCloseable {
        @Override
        void close();
    }

    /** A scribbler starts rewriting a buffer; the loops started until it closes ran "scribbled". */
    public Active scribbling() {
        scribblers.incrementAndGet();
        return scribblers::decrementAndGet;
    }

    public boolean scribbled() {
        return scribblers.get() > 0;
    }

    /** The scenario's current step, for naming a loop. */
    public String phase() {
        return phase;
    }

    public synchronized void loop(Loop l) {
        loops.add(l);
    }

    public synchronized void passes(long n, long nanos) {
        passes += n;
        passNanos += nanos;
    }

    public synchronized List<Loop> loops() {
        return List.copyOf(loops);
    }

    /** Buffer rewrites by the scribblers, and the time they ran. */
    public synchronized long[] passes() {
        return new long[] {passes, passNanos};
    }

    /** What tracing could not do in this run, one line each. */
    public synchronized List<String> notRecorded() {
        return List.copyOf(notRecorded);
    }

    /**
     * Stops the recording, removes its instance and returns what it kept; empty when nothing was recorded (no race
     * phase ran, or tracing gave up: see {@link #notRecorded()}).
     */
    public synchronized Optional<Recorded> finish() {
        if (finished) {
            return Optional.empty();
        }
        finished = true;
        if (rec == null || fs == null || log == null) {
            if (fs != null && !gaveUp) {
                notRecorded.add("the scenario ran no race phase of the lab's shared helpers, so nothing was recorded");
            }
            return Optional.empty();
        }
        TraceRecording r = rec;
        rec = null;
        try {
            TraceResult result = r.stop();
            Pattern ours = Pattern.compile("\\b("
                    + String.join("|", deviceNames.stream().map(Pattern::quote).toList()) + ")\\b");
            List<KernelLog.Line> lines = log.matching(
                    logMark,
                    text -> text.contains(ClockAlignment.PROBE_PREFIX)
                            || (!deviceNames.isEmpty() && ours.matcher(text).find()));
            return Optional.of(new Recorded(result, new LabDevices(blocks, filesystems), lines));
        } catch (IOException | RuntimeException e) {
            notRecorded.add("the recording failed: " + e.getMessage());
            return Optional.empty();
        } finally {
            try {
                fs.remove(r);
            } catch (IOException e) {
                notRecorded.add(e.getMessage()); // the run's release retries; the claim stays until then
            }
        }
    }

    /** Removes a recording that {@link #finish()} did not end (the scenario failed or was cancelled). */
    @Override
    public synchronized void close() {
        finished = true;
        if (rec != null && fs != null) {
            try {
                fs.remove(rec);
            } catch (IOException e) {
                notRecorded.add(e.getMessage());
            }
            rec = null;
        }
    }
}
