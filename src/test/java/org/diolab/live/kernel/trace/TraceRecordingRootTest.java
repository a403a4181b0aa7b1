package org.diolab.live.kernel.trace;

import static org.assertj.core.api.Assertions.assertThat;

import com.networknt.schema.InputFormat;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.diolab.live.kernel.trace.export.ChromeTrace;
import org.diolab.live.kernel.trace.meaning.ClockAlignment;
import org.diolab.live.kernel.trace.meaning.Failure;
import org.diolab.live.kernel.trace.meaning.FailureKind;
import org.diolab.live.kernel.trace.meaning.FailurePicker;
import org.diolab.live.kernel.trace.meaning.LabDevices;
import org.diolab.live.kernel.trace.meaning.Moment;
import org.diolab.live.kernel.trace.meaning.Step;
import org.diolab.live.kernel.trace.meaning.TraceReading;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Recording on the running kernel (root; skipped elsewhere, saying why): S000's race on a btrfs over a loop device
 * shows an EIO read with its device request and the scribbler's stores inside, and nothing of the recording is left
 * in tracefs or the mount table afterwards.
 */
class TraceRecordingRootTest {
    private Path dir;
    private List<Path> tracefsBefore;

    @BeforeEach
    void setUp() throws Exception {
        RootLab.assumeRoot();
        Path target = Files.createDirectories(Path.of("target").toAbsolutePath());
        dir = Files.createTempDirectory(target, "kernel-trace-test").toRealPath();
        tracefsBefore = RootLab.mountedTracefs();
    }

    @AfterEach
    void nothingLeftBehind() throws Exception {
        if (dir == null) {
            return;
        }
        assertThat(RootLab.mountedTracefs()).isEqualTo(tracefsBefore);
        assertThat(RootLab.run("losetup", "-a")).doesNotContain(dir.toString());
        for (Path fs : RootLab.mountedTracefs()) {
            try (var s = Files.list(fs.resolve("instances"))) {
                assertThat(s.map(p -> p.getFileName().toString())).noneMatch(n -> n.startsWith("dio-lab-test"));
            }
        }
        try (var s = Files.walk(dir)) {
            for (Path p : s.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    @Test
    void anEioReadHoldsItsDeviceRequestAndTheStoresThatRacedIt() throws Exception {
        try (Tracefs fs = RootLab.tracefs(dir);
                LoopBtrfs vol = LoopBtrfs.create(dir, 1L << 30)) {
            Path file = vol.checksummedFile("datasum", 32L << 20);
            TracePlan plan =
                    TracePlan.forScenario("false-csum-read", vol.targets()).orElseThrow();
            TraceResult r = null;
            for (int round = 0; round < 5 && (r == null || r.stats().eio() == 0); round++) {
                try (TraceRecording rec = TraceRecording.start(fs, "test" + round, plan, WindowPolicy.DEFAULT)) {
                    RacingReads.run(file, Duration.ofMillis(1500), rec::marker, true);
                    r = rec.stop();
                }
            }
            assertThat(r.configured().missing()).isEmpty();
            assertThat(r.whole()).isTrue();
            assertThat(r.stats().eio())
                    .as("false EIOs in five rounds of racing reads")
                    .isPositive();
            TraceReading reading = TraceReading.of(r.parse(), vol.devices(), List.of(), ClockAlignment.sameClock());
            List<Failure> eio = FailurePicker.pick(reading).stream()
                    .filter(f -> f.kind() == FailureKind.EIO_READ)
                    .toList();
            assertThat(eio).isNotEmpty();
            assertThat(eio)
                    .as("an EIO read with its block_rq_issue and block_rq_complete and a store in between")
                    .anySatisfy(f -> {
                        Moment issue = f.of(Step.DMA).getFirst();
                        Moment done = f.of(Step.END_IO).getLast();
                        assertThat(issue.column().label()).endsWith(": the device");
                        assertThat(f.of(Step.VERIFY_MISMATCH))
                                .extracting(Moment::what)
                                .contains("iomap_dio_complete");
                        assertThat(f.stores())
                                .anySatisfy(s -> assertThat(s.overlaps(issue.nanos(), f.toNanos()))
                                        .isTrue());
                        assertThat(done.nanos()).isGreaterThanOrEqualTo(issue.nanos());
                    });
            String json = ChromeTrace.json("kernel lab false-csum-read", reading, eio);
            assertThat(SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
                            .getSchema(String.join("\n", Fixtures.lines("trace-event.schema.json")), InputFormat.JSON)
                            .validate(json, InputFormat.JSON))
                    .isEmpty();
        }
    }

    @Test
    void anEventThisKernelLacksIsListedAndTheRestRecords() throws Exception {
        try (Tracefs fs = RootLab.tracefs(dir)) {
            TracePlan plan = new TracePlan(
                    "probe",
                    List.of(
                            new EventSpec("block", "block_rq_issue", "dev == 1", "x"),
                            new EventSpec("nosuch", "nosuch_event", "", "x"),
                            new EventSpec("block", "block_rq_complete", "nosuchfield == 1", "x")),
                    256,
                    "",
                    org.diolab.live.kernel.trace.meaning.Look.EIO_READS,
                    RaceMeasure.none(),
                    1);
            try (TraceRecording rec = TraceRecording.start(fs, "testmissing", plan, WindowPolicy.DEFAULT)) {
                assertThat(rec.configured().enabled()).containsExactly("block:block_rq_issue if dev == 1");
                assertThat(rec.configured().missing())
                        .satisfiesExactly(
                                m -> assertThat(m).isEqualTo("nosuch:nosuch_event: not in this kernel"),
                                m -> assertThat(m)
                                        .startsWith("block:block_rq_complete: filter 'nosuchfield == 1'" + " refused"));
                rec.marker("reader").phase("race");
                TraceResult r = rec.stop();
                assertThat(r.parse().events())
                        .anySatisfy(e -> assertThat(e.body()).isEqualTo("dio-lab phase 0 name=race"));
            }
        }
    }

    @Test
    void aKilledRunsInstanceIsSweptAndALiveOnesIsLeft() throws Exception {
        try (Tracefs fs = RootLab.tracefs(dir)) {
            TraceResource planned = TraceInstance.resourceFor(fs, "testkilled"); // recorded before it exists
            TraceInstance killed = TraceInstance.create(fs, "testkilled");
            assertThat(killed.resource()).isEqualTo(planned);
            assertThat(planned.path()).isEqualTo(fs.root().resolve("instances/dio-lab-testkilled"));
            killed.configure(TracePlan.forScenario("false-csum-read", TraceTargets.of(LabDevices.NONE))
                    .orElseThrow());
            killed.start(); // then dropped, as a kill leaves it: events on, ring allocated
            try (TraceInstance live = TraceInstance.create(fs, "testlive")) {
                List<String> problems = new ArrayList<>();
                List<String> removed = Instances.sweep(fs, s -> s.equals("testkilled"), problems);
                assertThat(problems).isEmpty();
                assertThat(removed).containsExactly("removed trace instance " + killed.dir());
                assertThat(Files.exists(killed.dir())).isFalse();
                assertThat(Files.isDirectory(live.dir())).isTrue();
                assertThat(Instances.sessions(fs)).contains("testlive").doesNotContain("testkilled");
            }
        }
    }

    @Test
    void aTracefsTheLabMountedIsUnmountedAgain() throws Exception {
        Path mp = Files.createDirectories(dir.resolve("own-tracefs"));
        try (Tracefs fs = Tracefs.mount(mp, RootLab.MOUNTER)) {
            assertThat(fs.mountedByLab()).isTrue();
            assertThat(fs.clocks()).contains("local", "perf", "mono");
            assertThat(fs.resource("testmount"))
                    .hasValueSatisfying(r -> assertThat(r.manifestLine()).isEqualTo("tracefs-mount testmount " + mp));
            assertThat(RootLab.mountedTracefs()).contains(mp);
        }
        assertThat(RootLab.mountedTracefs()).doesNotContain(mp);
        assertThat(Tracefs.isTracefs(mp)).isFalse();
    }
}
