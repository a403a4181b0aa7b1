package org.diolab.live.kernel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.networknt.schema.InputFormat;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.TimeUnit;
import org.diolab.cli.KernelLabChild;
import org.diolab.live.job.CancelToken;
import org.diolab.live.kernel.lab.KernelLabSupport;
import org.diolab.live.kernel.lab.TraceLeftovers;
import org.diolab.live.kernel.scenario.Outcome;
import org.diolab.live.kernel.scenario.Scenario;
import org.diolab.live.kernel.trace.export.TraceFile;
import org.diolab.live.kernel.trace.meaning.Column;
import org.diolab.live.kernel.trace.meaning.Failure;
import org.diolab.live.kernel.trace.meaning.FailureKind;
import org.diolab.live.kernel.trace.meaning.Moment;
import org.diolab.live.kernel.trace.meaning.Operation;
import org.diolab.live.kernel.trace.meaning.Step;
import org.diolab.live.kernel.trace.meaning.TraceReading;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The lab records the kernel's own trace of a race (issue 21), as root on this machine: {@code --trace} on
 * false-csum-read writes a trace holding an EIO read whose stretch has its block request issued and completed on the
 * lab's device and a scribbler pass inside; the JSON has the trace-event format's shape; and nothing of the lab's
 * tracing (its instance, its tracefs mount) is left after a run, a cancel, a failure, or a kill and the next run's
 * sweep.
 */
class KernelLabTraceTest {
    private Path dir;
    private Path traces;

    @BeforeEach
    void scratch() throws Exception {
        KernelLabSupport.assumeLabRuns();
        dir = KernelLabSupport.scratch();
        traces = KernelLabSupport.scratch();
    }

    @AfterEach
    void cleanUp() throws Exception {
        KernelLabSupport.delete(dir);
        KernelLabSupport.delete(traces);
    }

    private KernelLabRequest request(Scenario s, Duration runtime) {
        return new KernelLabRequest(List.of(s), dir, Optional.empty(), KernelLabSupport.SIZE, runtime);
    }

    @Test
    void aTracedFalseCsumReadShowsAnEioReadWithItsBlockIoAndAStoreInside() throws Exception {
        KernelLabReport r = KernelLab.run(
                request(Scenario.FALSE_CSUM_READ, Duration.ofSeconds(2)),
                TraceRequest.to(traces),
                LabProgress.Listener.NONE,
                new CancelToken());
        ScenarioTrace t = r.trace(Scenario.FALSE_CSUM_READ).orElseThrow();
        assertThat(t.notRecorded()).as("what could not be recorded").isEmpty();
        assertThat(t.recorded()).isTrue();
        assertThat(r.results().getFirst().outcome()).isEqualTo(Outcome.PRESENT);
        assertThat(t.tracedRun().orElseThrow().outcome())
                .as("the traced run's own verdict")
                .isEqualTo(Outcome.PRESENT);
        Path json = t.files().orElseThrow().json();
        Path ftrace = t.files().orElseThrow().ftrace();
        assertThat(json).isEqualTo(traces.resolve("false-csum-read.trace.json"));
        assertThat(ftrace).isEqualTo(traces.resolve("false-csum-read.ftrace.txt"));

        // Read back from the file, as the app and Perfetto do: an EIO read with its request and a store inside.
        TraceFile.Contents file = TraceFile.read(ftrace);
        TraceReading reading = file.reading();
        List<Failure> eio = file.failures(reading).stream()
                .filter(f -> f.kind() == FailureKind.EIO_READ)
                .toList();
        assertThat(eio).as("EIO reads kept with their events").isNotEmpty();
        assertThat(eio)
                .as("an EIO read whose stretch holds its issue, its completion and a scribbler pass")
                .anyMatch(KernelLabTraceTest::showsTheRace);
        assertThat(file.about().finding())
                .contains("ended in EIO")
                .isEqualTo(t.findings().orElseThrow().text());
        assertThat(t.cost().orElseThrow().measured()).isTrue();
        assertThat(t.cost().orElseThrow().describe()).contains("false-EIO rate untraced", "traced");

        JsonNode tree = JsonMapper.builder().build().readTree(Files.readString(json));
        assertThat(SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
                        .getSchema(
                                new String(
                                        KernelLabTraceTest.class
                                                .getResourceAsStream("/kernel-trace/trace-event.schema.json")
                                                .readAllBytes(),
                                        java.nio.charset.StandardCharsets.UTF_8),
                                InputFormat.JSON)
                        .validate(tree.toString(), InputFormat.JSON))
                .isEmpty();
        List<String> tracks = new ArrayList<>();
        tree.get("traceEvents").forEach(e -> {
            if (e.get("name").asString().equals("thread_name")) {
                tracks.add(e.get("args").get("name").asString());
            }
        });
        assertThat(tracks)
                .anyMatch(n -> n.startsWith("reader ("))
                .anyMatch(n -> n.startsWith("scribbler ("))
                .anyMatch(n -> n.matches("loop\\d+: csum"))
                .contains("failures");

        assertNoTracingLeft(TraceLeftovers.sessionOf(t.recording()));
        KernelLabSupport.assertNothingLeft(dir);
    }

    /** The read's call holds a request issued and completed on a lab device, and a marked store overlaps it. */
    private static boolean showsTheRace(Failure f) {
        Operation op = f.call().orElseThrow();
        List<Moment> inside = f.moments().stream()
                .filter(m -> m.nanos() >= op.beginNanos() && m.nanos() <= op.endNanos())
                .toList();
        boolean issued = inside.stream()
                .anyMatch(m -> m.step() == Step.DMA
                        && m.what().equals("block_rq_issue")
                        && m.column().kind() == Column.Kind.DEVICE);
        boolean completed = inside.stream()
                .anyMatch(m -> m.step() == Step.END_IO
                        && m.what().equals("block_rq_complete")
                        && m.column().kind() == Column.Kind.DEVICE);
        boolean stored = f.stores().stream().anyMatch(s -> s.overlaps(op.beginNanos(), op.endNanos()));
        return op.ret() == -5 && issued && completed && stored;
    }

    private void assertNoTracingLeft(String session) throws Exception {
        assertThat(TraceLeftovers.instanceSessions())
                .as("the lab's trace instances")
                .doesNotContain(session);
        assertThat(TraceLeftovers.tracefsMountsUnder(dir))
                .as("tracefs mounted under " + dir)
                .isEmpty();
    }

    @Test
    void cancelDuringTheTracedRunRemovesTheInstanceAndTheMount() throws Exception {
        CancelToken cancel = new CancelToken();
        boolean[] traced = {false};
        LabProgress.Listener listener = p -> {
            traced[0] |= p.step().equals("traced run");
            if (traced[0] && p.step().startsWith("control: the same reads")) {
                cancel.cancel(); // as Ctrl-C does, through the run's cancel token, while the instance records
            }
        };
        List<String> before = TraceLeftovers.instanceSessions();
        assertThatThrownBy(() -> KernelLab.run(
                        request(Scenario.FALSE_CSUM_READ, Duration.ofSeconds(1)),
                        TraceRequest.to(traces),
                        listener,
                        cancel))
                .isInstanceOf(CancellationException.class);
        assertThat(traced[0]).isTrue();
        assertThat(TraceLeftovers.instanceSessions()).isSubsetOf(before);
        assertThat(TraceLeftovers.tracefsMountsUnder(dir)).isEmpty();
        KernelLabSupport.assertNothingLeft(dir);
    }

    @Test
    void aFailureDuringTheTracedRunRemovesTheInstanceAndTheMount() throws Exception {
        boolean[] traced = {false};
        LabProgress.Listener listener = p -> {
            traced[0] |= p.step().equals("traced run");
            if (traced[0] && p.step().startsWith("control: a nodatasum file")) {
                throw new IllegalStateException("simulated failure in the traced run");
            }
        };
        List<String> before = TraceLeftovers.instanceSessions();
        assertThatThrownBy(() -> KernelLab.run(
                        request(Scenario.FALSE_CSUM_READ, Duration.ofSeconds(1)),
                        TraceRequest.to(traces),
                        listener,
                        new CancelToken()))
                .hasMessageContaining("simulated failure in the traced run");
        assertThat(TraceLeftovers.instanceSessions()).isSubsetOf(before);
        assertThat(TraceLeftovers.tracefsMountsUnder(dir)).isEmpty();
        KernelLabSupport.assertNothingLeft(dir);
    }

    @Test
    void theNextRunSweepsTheInstanceAndTheMountAKilledTracedRunLeft() throws Exception {
        Process p = KernelLabChild.startTracedFalseCsumRead(dir, traces, "6s");
        String session;
        try {
            session = awaitInstance(p);
            Thread.sleep(300); // into the traced race
            p.destroyForcibly(); // SIGKILL: no shutdown hook, no teardown
            assertThat(p.waitFor(20, TimeUnit.SECONDS)).isTrue();
        } finally {
            p.destroyForcibly();
        }
        assertThat(TraceLeftovers.instanceSessions())
                .as("left by the killed run")
                .contains(session);
        boolean ownMount = !TraceLeftovers.tracefsMountsUnder(dir).isEmpty();

        KernelLabReport next = KernelLab.run(
                KernelLabSupport.request(dir, Scenario.STABLE_WRITES), LabProgress.Listener.NONE, new CancelToken());
        assertThat(next.sweptLeftovers())
                .singleElement()
                .asString()
                .contains("1 trace instance(s)")
                .contains("removed trace instance ")
                .contains("dio-lab-" + session)
                .contains(ownMount ? "unmounted tracefs from " + dir.resolve(".dio-lab-" + session + "-tracefs") : "");
        assertNoTracingLeft(session);
        KernelLabSupport.assertNothingLeft(dir);
    }

    /** Waits for the child's traced run to create its instance; its session. */
    private String awaitInstance(Process p) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(180);
        while (System.nanoTime() < deadline && p.isAlive()) {
            Optional<String> session = sessionOfTheRun();
            if (session.isPresent() && TraceLeftovers.instanceSessions().contains(session.get())) {
                return session.get();
            }
            Thread.sleep(100);
        }
        throw new AssertionError("the child never started recording (alive: " + p.isAlive() + ")");
    }

    /** The session of the run in {@code dir}, from its lock file's name. */
    private Optional<String> sessionOfTheRun() throws Exception {
        try (var s = Files.list(dir)) {
            return s.map(x -> x.getFileName().toString())
                    .filter(n -> n.matches("\\.dio-lab-[0-9a-f]{12}\\.lock"))
                    .map(n -> n.substring(".dio-lab-".length(), n.length() - ".lock".length()))
                    .findFirst();
        }
    }
}
