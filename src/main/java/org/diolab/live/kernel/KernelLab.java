package org.diolab.live.kernel;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import org.diolab.live.job.CancelToken;
import org.diolab.live.kernel.evidence.KernelLog;
import org.diolab.live.kernel.evidence.LastingState;
import org.diolab.live.kernel.lab.HostTools;
import org.diolab.live.kernel.lab.KernelLabRefusal;
import org.diolab.live.kernel.lab.LabOwnership;
import org.diolab.live.kernel.lab.LabSession;
import org.diolab.live.kernel.lab.LabTracefs;
import org.diolab.live.kernel.lab.Teardown;
import org.diolab.live.kernel.scenario.Outcome;
import org.diolab.live.kernel.scenario.RaceTracer;
import org.diolab.live.kernel.scenario.Scenario;
import org.diolab.live.kernel.scenario.ScenarioResult;
import org.diolab.live.kernel.scenario.ScenarioRun;
import org.diolab.live.probe.EnvironmentProbe;
import org.diolab.live.scratch.DirHandle;
import org.diolab.live.scratch.SweepReport;
import org.jspecify.annotations.Nullable;

/**
 * The kernel lab's front door: runs the seed threads' races against the running kernel and reads the verdict from
 * the kernel's own evidence.
 *
 * <pre>{@code
 * CancelToken cancel = new CancelToken();   // cancel.cancel() from any thread stops the run, torn down
 * KernelLabReport r = KernelLab.run(KernelLabRequest.of(Path.of("/var/tmp/lab"),
 *         List.of(Scenario.FALSE_CSUM_READ)), progress -> { }, cancel);
 * r.results().getFirst().outcome();          // PRESENT on a kernel that verifies reads in the user's buffer
 * }</pre>
 *
 * Before starting it removes what ended runs left in the directory (only provably theirs, see
 * {@link LabOwnership#sweep}; not with {@link KernelLabRequest#withoutSweep()});
 * everything it builds is torn down before it returns or throws. Throws {@link KernelLabRefusal} before creating
 * anything, {@link CancellationException} when cancelled; a scenario that fails becomes a FAILED result and the next
 * one runs.
 */
public final class KernelLab {
    private KernelLab() {}

    /**
     * Why the lab cannot build its filesystems here (not root, no loop devices, no btrfs, missing btrfs-progs), or
     * empty when it can: for the app's hint and for tests that skip with the reason.
     */
    public static java.util.Optional<String> unavailableReason() {
        Preflight.Host h = Preflight.Host.current();
        if (!h.root()) {
            return java.util.Optional.of("the kernel lab needs root with CAP_SYS_ADMIN (loop devices, mkfs, mount)");
        }
        if (!h.loopControl()) {
            return java.util.Optional.of("no loop devices here (/dev/loop-control is missing; modprobe loop)");
        }
        if (!h.btrfsInKernel()) {
            return java.util.Optional.of("this kernel has no btrfs in /proc/filesystems (modprobe btrfs)");
        }
        if (!h.tools().missingForImages().isEmpty()) {
            return java.util.Optional.of("missing "
                    + String.join(", ", h.tools().missingForImages()) + " (apt-get install btrfs-progs util-linux)");
        }
        return java.util.Optional.empty();
    }

    public static KernelLabReport run(KernelLabRequest req, LabProgress.Listener listener, CancelToken cancel) {
        return run(req, TraceRequest.NONE, listener, cancel);
    }

    /**
     * As {@link #run(KernelLabRequest, LabProgress.Listener, CancelToken)}, recording the kernel's trace of each
     * scenario when {@code trace} asks ({@link TraceRequest}; the report's {@link KernelLabReport#traces()}).
     */
    public static KernelLabReport run(
            KernelLabRequest req, TraceRequest trace, LabProgress.Listener listener, CancelToken cancel) {
        try {
            return runChecked(req, trace, listener, cancel);
        } catch (IOException e) {
            throw new KernelLabFailure("kernel lab failed: " + e.getMessage(), e);
        }
    }

    /**
     * What a run of {@code req} would change for good on the user's btrfs ({@code --mount}), one sentence per scenario,
     * for saying before it runs (the CLI prints them; a screen offering --mount would ask with them): a scenario that
     * raises device error counters either runs on a btrfs of the lab's own instead, or, with the user's consent
     * ({@link KernelLabRequest#withErrorCountersAllowed()}), on theirs, with the counters as they are now. Empty
     * without --mount: the lab's own volumes go with the run.
     *
     * @throws KernelLabRefusal as {@link #run} would, before anything is created
     */
    public static List<String> beforehand(KernelLabRequest req) {
        try {
            return LastingGuard.beforehand(req, Preflight.check(req).labVolumeInstead());
        } catch (IOException e) {
            throw new KernelLabFailure("kernel lab failed: " + e.getMessage(), e);
        }
    }

    private static KernelLabReport runChecked(
            KernelLabRequest req, TraceRequest trace, LabProgress.Listener listener, CancelToken cancel)
            throws IOException {
        Preflight.Plan plan = Preflight.check(req);
        HostTools tools = plan.tools();
        trace.checkDir();
        Path dir = req.mount().orElse(req.dir()).toRealPath();
        if (plan.buildsVolumes(req)) {
            checkRoom(req, dir);
        }
        try (DirHandle handle = DirHandle.open(dir)) {
            List<String> swept = req.sweep() ? sweep(handle, tools) : List.of();
            return runIn(handle, req, trace, plan, swept, listener, cancel);
        }
    }

    private static KernelLabReport runIn(
            DirHandle dir,
            KernelLabRequest req,
            TraceRequest trace,
            Preflight.Plan plan,
            List<String> swept,
            LabProgress.Listener listener,
            CancelToken cancel)
            throws IOException {
        HostTools tools = plan.tools();
        Instant started = Instant.now();
        List<ScenarioResult> results = new ArrayList<>();
        List<ScenarioTrace> traces = new ArrayList<>();
        List<String> leftBehind = new ArrayList<>();
        List<String> lasting = new ArrayList<>();
        String tornDown;
        String tracing = "";
        try (KernelLog log = KernelLog.openAtEnd()) {
            LabOwnership own = LabOwnership.claim(dir, tools, plan.buildsVolumes(req));
            Steps steps = new Steps(listener);
            LabSession session = new LabSession(own, tools, req.mount(), req.imageBytes(), cancel, steps::step);
            Teardown.Report last = Teardown.Report.EMPTY;
            LabTracefs tracefs = null;
            try {
                if (trace.record()) {
                    try {
                        tracefs = LabTracefs.open(own);
                        tracing = "recorded in " + tracefs.describe();
                    } catch (IOException e) {
                        tracing = "not traced: " + e.getMessage() + "; the scenarios ran without tracing";
                    }
                }
                int n = req.scenarios().size();
                for (int i = 0; i < n; i++) {
                    Scenario s = req.scenarios().get(i);
                    cancel.throwIfCancelled();
                    double base = (double) i / n;
                    double share = 1.0 / n;
                    boolean instead = plan.labVolumeInstead().contains(s);
                    TracedRun.Guard guard = (traced, r) -> guarded(s, instead, traced, req, r, lasting, leftBehind);
                    if (tracefs != null && TracedRun.plan(s).isPresent()) {
                        steps.begin(s, base, share / 2);
                        ScenarioRun first = newRun(session, log, req, steps, s, instead);
                        ScenarioRun second = newRun(session, log, req, steps, s, instead);
                        TracedRun.Both both = TracedRun.run(
                                s,
                                () -> first,
                                () -> {
                                    steps.begin(s, base + share / 2, share / 2);
                                    steps.step("traced run");
                                    return second;
                                },
                                session,
                                tracefs,
                                log,
                                trace,
                                guard,
                                leftBehind);
                        results.add(both.result());
                        traces.add(both.trace());
                    } else {
                        steps.begin(s, base, share);
                        ScenarioRun run = newRun(session, log, req, steps, s, instead);
                        RaceTracer counting = RaceTracer.counting(s.id());
                        results.add(guard.around(
                                false,
                                () -> ScopedValue.where(RaceTracer.CURRENT, counting)
                                        .call(() -> runOne(s, run, session, leftBehind, () -> {}))));
                        if (trace.record()) {
                            traces.add(ScenarioTrace.notRecorded(
                                    s,
                                    TracedRun.plan(s).map(p -> p.shows()).orElse(""),
                                    List.of(
                                            tracefs == null
                                                    ? tracing
                                                    : "no trace plan for " + s.id() + " (TracePlan.forScenario)")));
                        }
                    }
                }
            } finally {
                closeQuietly(session, leftBehind);
                if (tracefs != null) {
                    try {
                        tracefs.close();
                    } catch (IOException e) {
                        leftBehind.add(e.getMessage());
                    }
                }
                try {
                    last = own.release(); // retries whatever a scenario's teardown could not undo
                    leftBehind.clear();
                } catch (IOException e) {
                    leftBehind.add(e.getMessage());
                }
            }
            tornDown = describe(session.tornDown(), last);
        }
        return KernelLabReport.builder(
                        System.getProperty("os.version", "unknown"),
                        tools.btrfsProgsVersion(),
                        EnvironmentProbe.probe(dir.path()),
                        dir.path().toString(),
                        started)
                .sweptLeftovers(swept)
                .results(results)
                .tornDown(tornDown)
                .leftBehind(leftBehind)
                .lasting(lasting)
                .traces(tracing, traces)
                .build();
    }

    /**
     * A run of one scenario, on a btrfs of the lab's own when {@code instead}; its steps are the run's progress and
     * the trace's phase lines.
     */
    private static ScenarioRun newRun(
            LabSession session, KernelLog log, KernelLabRequest req, Steps steps, Scenario s, boolean instead) {
        return new ScenarioRun(session, log, req.dir(), req.mount(), req.size(), req.runtime(), (step, f) -> {
                    steps.progress(step, f);
                    RaceTracer.current().step(step);
                })
                .of(s, instead);
    }

    /**
     * One run of {@code s} between two readings of the user's btrfs ({@code --mount}, {@link LastingGuard}): what it
     * changed there for good goes to {@code lasting}, and what it should not have changed to {@code leftBehind} too.
     * The traced run ({@code traced}) is measured on its own and its lines say so, so each counter's rise is the run's
     * that made it. Without --mount, just the run.
     */
    private static ScenarioResult guarded(
            Scenario s,
            boolean instead,
            boolean traced,
            KernelLabRequest req,
            java.util.function.Supplier<ScenarioResult> run,
            List<String> lasting,
            List<String> leftBehind)
            throws IOException {
        Optional<LastingState> before = LastingGuard.read(req);
        ScenarioResult result = run.get();
        if (before.isEmpty()) {
            return result;
        }
        if (!traced) {
            return LastingGuard.after(s, instead, before.get(), result, lasting, leftBehind);
        }
        List<String> changed = new ArrayList<>();
        List<String> left = new ArrayList<>();
        ScenarioResult after = LastingGuard.after(s, instead, before.get(), result, changed, left);
        changed.forEach(l -> lasting.add(tracedRun(s, l)));
        left.forEach(l -> leftBehind.add(tracedRun(s, l)));
        return after;
    }

    /** "false-csum-read changed …" → "false-csum-read (traced run) changed …". */
    private static String tracedRun(Scenario s, String line) {
        return line.startsWith(s.id() + " ")
                ? s.id() + " (traced run)" + line.substring(s.id().length())
                : "(traced run) " + line;
    }

    /**
     * Removes what ended runs left (see {@link LabOwnership#sweep}); one line per kind of thing for the report:
     * "removed 1 mount(s), 2 loop device(s), 2 image(s) left by ended runs …: unmounted …; detached …; removed …".
     */
    private static List<String> sweep(DirHandle dir, HostTools tools) throws IOException {
        List<String> problems = new ArrayList<>();
        SweepReport r = LabOwnership.sweep(dir, tools, problems);
        List<String> out = new ArrayList<>();
        List<String> removed = r.removed().stream()
                .map(SweepReport.Removed::name)
                .filter(n -> !n.endsWith(".lock"))
                .toList();
        if (!r.undone().isEmpty() || !removed.isEmpty()) {
            long mounts =
                    r.undone().stream().filter(u -> u.startsWith("unmounted ")).count();
            long loops =
                    r.undone().stream().filter(u -> u.startsWith("detached ")).count();
            long images = removed.stream().filter(n -> n.endsWith(".img")).count();
            long others = removed.size() - images;
            long instances = r.undone().stream()
                    .filter(u -> u.startsWith("removed trace instance "))
                    .count();
            List<String> what = new ArrayList<>(r.undone());
            if (!removed.isEmpty()) {
                what.add("removed " + String.join(", ", removed));
            }
            out.add("removed " + mounts + " mount(s), " + loops + " loop device(s), " + images + " image(s)"
                    + (instances == 0 ? "" : ", " + instances + " trace instance(s)")
                    + (others == 0 ? "" : ", " + others + " other file(s) and directories") + " left by ended runs"
                    + " (killed, or could not clean up): " + String.join("; ", what) + " (--no-sweep keeps them)");
        }
        if (!problems.isEmpty()) {
            out.add("left in place, from an ended run: " + String.join("; ", problems));
        }
        return out;
    }

    /**
     * Runs one scenario; its volumes are torn down before the next starts, whatever happened, and
     * {@code beforeTeardown} (the end of its recording) runs just before they are.
     */
    static ScenarioResult runOne(
            Scenario s, ScenarioRun run, LabSession session, List<String> leftBehind, Runnable beforeTeardown) {
        ScenarioResult result;
        try {
            result = s.run(run);
        } catch (IOException | KernelLabRefusal e) {
            session.cancel().throwIfCancelled(); // a cancel that surfaced as an I/O error is still a cancel
            result = new ScenarioResult(
                    s,
                    Outcome.FAILED,
                    "failed: " + e.getMessage(),
                    "",
                    "",
                    List.of(),
                    List.of(),
                    List.of(),
                    List.of(),
                    0);
        } finally {
            try {
                beforeTeardown.run();
            } finally {
                closeQuietly(session, leftBehind);
            }
        }
        return result;
    }

    /** Tears down the session's volumes; what cannot be undone now is noted and retried at the end of the run. */
    private static void closeQuietly(LabSession session, List<String> leftBehind) {
        try {
            session.closeVolumes();
        } catch (IOException e) {
            leftBehind.add(e.getMessage());
        }
    }

    /** Where the run is, for {@link LabProgress}: the scenario running and its share of the whole run. */
    private static final class Steps {
        private final LabProgress.Listener listener;
        private @Nullable Scenario current;
        private double base;
        private double share;

        Steps(LabProgress.Listener listener) {
            this.listener = listener;
        }

        void begin(Scenario s, double base, double share) {
            this.current = s;
            this.base = base;
            this.share = share;
            step("starting");
        }

        /** A step of the lab's own (building a volume), at the scenario's start. */
        void step(String step) {
            listener.onProgress(new LabProgress(current, step, base));
        }

        /** A step of the scenario, {@code fraction} (0..1) of the way through it. */
        void progress(String step, double fraction) {
            listener.onProgress(new LabProgress(current, step, base + share * fraction));
        }
    }

    private static void checkRoom(KernelLabRequest req, Path dir) throws IOException {
        if (req.mount().isPresent()) {
            return;
        }
        long need = 4 * req.size() + (1L << 30);
        long free = Files.getFileStore(dir).getUsableSpace();
        if (free < need) {
            throw new KernelLabRefusal(
                    KernelLabRefusal.Reason.BAD_DIRECTORY,
                    dir + " has " + (free >> 20)
                            + " MiB free; the lab's images need about " + (need >> 20)
                            + " MiB: pick a --dir with more room"
                            + " or a smaller --size");
        }
    }

    private static String describe(List<String> volumes, Teardown.Report last) {
        String v = volumes.isEmpty() ? "no volumes" : volumes.size() + " volume(s): " + String.join("; ", volumes);
        return v + (last.nothing() ? "" : "; and at the end " + last.summary());
    }
}
