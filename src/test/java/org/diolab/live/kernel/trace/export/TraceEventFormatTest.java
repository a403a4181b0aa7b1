package org.diolab.live.kernel.trace.export;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.diolab.live.kernel.trace.Fixtures;
import org.diolab.live.kernel.trace.meaning.ClockAlignment;
import org.diolab.live.kernel.trace.meaning.FailurePicker;
import org.diolab.live.kernel.trace.meaning.TraceReading;
import org.diolab.live.kernel.trace.text.FtraceParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * The exported JSON against the trace-event format as its readers take it: parsed by another JSON reader (Python's,
 * which refuses NaN and Infinity as the format's readers do), every event with its name, phase, pid and tid and,
 * unless it is metadata, a timestamp; and complete slices on one track nested, never half overlapping (Perfetto's
 * importer drops a slice that ends inside another it did not start in). Checked on this machine's recording and on
 * a leg with several requests in flight at once, which need tracks of their own.
 */
class TraceEventFormatTest {
    /** Python's own reader: strict JSON, each event's fields, what it found as one line. */
    private static final String CHECK = String.join(
            "\n",
            "import json, sys",
            "def refuse(c): raise ValueError('not JSON: ' + c)",
            "doc = json.load(open(sys.argv[1], encoding='utf-8'), parse_constant=refuse)",
            "ev = doc['traceEvents']",
            "assert isinstance(ev, list) and ev, 'traceEvents is a non-empty list'",
            "for e in ev:",
            "    for k in ('name', 'ph', 'pid'):",
            "        assert k in e, 'no %s in %r' % (k, e)",
            "    assert isinstance(e['name'], str) and e['name'], e",
            "    assert isinstance(e['pid'], int), e",
            "    if not (e['ph'] == 'M' and e['name'] == 'process_name'):",
            "        assert isinstance(e.get('tid'), int), 'no tid in %r' % e",
            "    if e['ph'] != 'M':",
            "        assert isinstance(e.get('ts'), (int, float)) and e['ts'] >= 0, 'no ts in %r' % e",
            "    if e['ph'] == 'X':",
            "        assert isinstance(e.get('dur'), (int, float)) and e['dur'] >= 0, e",
            "print('ok %d %d' % (len(ev), sum(1 for e in ev if e['ph'] == 'X')))");

    @Test
    void pythonsReaderTakesTheRecordingsJsonWithEveryEventsFields(@TempDir Path dir) throws Exception {
        assumeTrue(onPath("python3"), "python3 is not on PATH");
        Path json = dir.resolve("false-csum-read.trace.json");
        Files.writeString(json, recording(), StandardCharsets.UTF_8);
        Process p = new ProcessBuilder("python3", "-c", CHECK, json.toString())
                .redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(out).startsWith("ok ");
        assertThat(p.exitValue()).isZero();
        JsonNode root = ChromeTrace.MAPPER.readTree(recording());
        assertThat(out)
                .isEqualTo("ok " + root.get("traceEvents").size() + " "
                        + events(root).stream()
                                .filter(e -> e.get("ph").asString().equals("X"))
                                .count());
    }

    @Test
    void pythonsReaderRefusesWhatIsNotTheFormat(@TempDir Path dir) throws Exception {
        assumeTrue(onPath("python3"), "python3 is not on PATH");
        Path json = dir.resolve("bad.trace.json");
        Files.writeString(json, "{\"traceEvents\":[{\"name\":\"x\",\"ph\":\"i\",\"pid\":1,\"tid\":1,\"ts\":NaN}]}");
        Process p = new ProcessBuilder("python3", "-c", CHECK, json.toString())
                .redirectErrorStream(true)
                .start();
        p.getInputStream().readAllBytes();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).isNotZero();
    }

    @Test
    void slicesOnEachTrackNestOnTheRecording() throws Exception {
        JsonNode root = ChromeTrace.MAPPER.readTree(recording());
        assertThat(halfOverlaps(events(root))).isEmpty();
    }

    @Test
    void requestsInFlightTogetherOnOneLegGetTracksOfTheirOwn() throws Exception {
        // Two writes on loop0 in flight at once (issue, issue, complete, complete), as RAID1's writeback makes them.
        List<String> text = List.of(
                " kworker/u8:3-99      [000] .....   100.000100: block_rq_issue: 7,0 WS 4096 () 2048 + 8 be,0,4 [kworker/u8:3]",
                " kworker/u8:3-99      [000] .....   100.000200: block_rq_issue: 7,0 WS 4096 () 4096 + 8 be,0,4 [kworker/u8:3]",
                "          <idle>-0       [001] d.h1.   100.000300: block_rq_complete: 7,0 WS () 2048 + 8 be,0,4 [0]",
                "          <idle>-0       [001] d.h1.   100.000400: block_rq_complete: 7,0 WS () 4096 + 8 be,0,4 [0]");
        TraceReading r =
                TraceReading.of(FtraceParser.parse(text), Fixtures.DEVICES, List.of(), ClockAlignment.sameClock());
        JsonNode root = ChromeTrace.MAPPER.readTree(ChromeTrace.json("two writes", r, List.of()));
        List<JsonNode> requests = events(root).stream()
                .filter(e -> e.get("cat") != null && e.get("cat").asString().equals("request"))
                .toList();
        assertThat(requests).hasSize(2);
        assertThat(requests.get(0).get("tid").asInt())
                .isNotEqualTo(requests.get(1).get("tid").asInt());
        assertThat(halfOverlaps(events(root))).isEmpty();
        List<String> names = events(root).stream()
                .filter(e -> e.get("ph").asString().equals("M")
                        && e.get("name").asString().equals("thread_name"))
                .map(e -> e.get("args").get("name").asString())
                .toList();
        assertThat(names).contains("loop0: the device", "loop0: the device (2)");
    }

    @Test
    void failuresOverlappingInTimeGoOnFailureTracksOfTheirOwn() throws Exception {
        TraceReading r = TraceReading.of(
                FtraceParser.parse(Fixtures.lines("false-csum-read.ftrace.txt")),
                Fixtures.DEVICES,
                List.of(),
                ClockAlignment.sameClock());
        // Two threads' failures overlapping (as nowait-read's two readers make them), a third after both.
        List<org.diolab.live.kernel.trace.meaning.Failure> f =
                List.of(failure(1_000_000, 3_000_000), failure(2_000_000, 4_000_000), failure(5_000_000, 6_000_000));
        JsonNode root = ChromeTrace.MAPPER.readTree(ChromeTrace.json("overlapping failures", r, f));
        List<Integer> tids = events(root).stream()
                .filter(e -> e.get("cat") != null && e.get("cat").asString().equals("failure"))
                .map(e -> e.get("tid").asInt())
                .toList();
        assertThat(tids).containsExactly(1, 2, 1);
        assertThat(halfOverlaps(events(root))).isEmpty();
        assertThat(events(root))
                .anyMatch(e -> e.get("ph").asString().equals("M")
                        && e.get("tid") != null
                        && e.get("tid").asInt() == 2
                        && e.get("args").get("name").asString().equals("failures (2)"));
    }

    private static org.diolab.live.kernel.trace.meaning.Failure failure(long from, long to) {
        return new org.diolab.live.kernel.trace.meaning.Failure(
                org.diolab.live.kernel.trace.meaning.FailureKind.EAGAIN,
                null,
                from,
                to,
                List.of(),
                List.of(),
                List.of(),
                false);
    }

    /** Slices that start inside another slice of their track and end after it, as "ts-dur / ts-dur" pairs. */
    private static List<String> halfOverlaps(List<JsonNode> events) {
        Map<String, List<JsonNode>> byTrack = new TreeMap<>();
        for (JsonNode e : events) {
            if (e.get("ph").asString().equals("X")) {
                byTrack.computeIfAbsent(
                                e.get("pid").asInt() + "/" + e.get("tid").asInt(), k -> new ArrayList<>())
                        .add(e);
            }
        }
        List<String> bad = new ArrayList<>();
        for (List<JsonNode> track : byTrack.values()) {
            track.sort(Comparator.comparingDouble((JsonNode e) -> e.get("ts").asDouble())
                    .thenComparing(e -> -e.get("dur").asDouble()));
            List<double[]> open = new ArrayList<>();
            for (JsonNode e : track) {
                double from = e.get("ts").asDouble();
                double to = from + e.get("dur").asDouble();
                open.removeIf(o -> o[1] <= from);
                for (double[] o : open) {
                    if (to > o[1]) {
                        bad.add(o[0] + "-" + o[1] + " / " + from + "-" + to + " "
                                + e.get("name").asString());
                    }
                }
                open.add(new double[] {from, to});
            }
        }
        return bad;
    }

    private static List<JsonNode> events(JsonNode root) {
        List<JsonNode> out = new ArrayList<>();
        root.get("traceEvents").forEach(out::add);
        return out;
    }

    private static String recording() throws Exception {
        TraceReading r = TraceReading.of(
                FtraceParser.parse(Fixtures.lines("false-csum-read.ftrace.txt")),
                Fixtures.DEVICES,
                Fixtures.kmsg("false-csum-read.kmsg.txt"),
                ClockAlignment.sameClock());
        return ChromeTrace.json("kernel lab false-csum-read", r, FailurePicker.pick(r));
    }

    private static boolean onPath(String tool) {
        String path = System.getenv("PATH");
        return path != null
                && java.util.Arrays.stream(path.split(":")).anyMatch(d -> Files.isExecutable(Path.of(d, tool)));
    }
}
