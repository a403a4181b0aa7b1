package org.diolab.live.kernel.trace.export;

import static org.assertj.core.api.Assertions.assertThat;

import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.diolab.live.kernel.trace.Fixtures;
import org.diolab.live.kernel.trace.meaning.ClockAlignment;
import org.diolab.live.kernel.trace.meaning.Failure;
import org.diolab.live.kernel.trace.meaning.FailurePicker;
import org.diolab.live.kernel.trace.meaning.TraceReading;
import org.diolab.live.kernel.trace.text.FtraceParser;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** The recorded false-csum-read as trace-event JSON: valid in shape, and showing what the lesson needs to see. */
class ChromeTraceTest {
    private static TraceReading reading;
    private static List<Failure> failures;
    private static JsonNode json;

    @BeforeAll
    static void render() throws Exception {
        reading = TraceReading.of(
                FtraceParser.parse(Fixtures.lines("false-csum-read.ftrace.txt")),
                Fixtures.DEVICES,
                Fixtures.kmsg("false-csum-read.kmsg.txt"),
                ClockAlignment.sameClock());
        failures = FailurePicker.pick(reading);
        json = ChromeTrace.MAPPER.readTree(ChromeTrace.json("kernel lab false-csum-read", reading, failures));
    }

    @Test
    void validatesAgainstTheTraceEventFormatsShape() throws Exception {
        Schema schema = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
                .getSchema(String.join("\n", Fixtures.lines("trace-event.schema.json")), InputFormat.JSON);
        assertThat(schema.validate(json.toString(), InputFormat.JSON)).isEmpty();
    }

    @Test
    void theSchemaRefusesAnEventWithoutItsPhase() throws Exception {
        Schema schema = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
                .getSchema(String.join("\n", Fixtures.lines("trace-event.schema.json")), InputFormat.JSON);
        assertThat(schema.validate("{\"traceEvents\":[{\"name\":\"x\",\"pid\":1}]}", InputFormat.JSON))
                .isNotEmpty();
    }

    @Test
    void everyThreadAndDeviceHasANamedTrack() {
        assertThat(named("thread_name"))
                .contains("reader (12447)", "scribbler (12446)", "loop0: the device", "kernel log", "failures");
        // the kernel thread that issued a request is named in the request's slice, on the device's track
        assertThat(events("X"))
                .anyMatch(e -> e.get("cat").asString().equals("request")
                        && e.get("args").get("issued by").asString().equals("kworker/1:1H (44)"));
        assertThat(named("process_name")).contains("kernel lab threads", "the lab's loop devices", "kernel log");
    }

    @Test
    void theEioReadIsASliceWithItsResultAndItsDeviceRequestInsideIt() {
        JsonNode read = events("X").stream()
                .filter(e -> e.get("name").asString().equals("read 65536 B at 55443456 of datasum → EIO"))
                .findFirst()
                .orElseThrow();
        assertThat(read.get("args").get("ret").asLong()).isEqualTo(-5);
        assertThat(read.get("ts").asDouble()).isEqualTo(2533280270.0);
        double end = read.get("ts").asDouble() + read.get("dur").asDouble();
        JsonNode request = events("X").stream()
                .filter(e -> e.get("cat").asString().equals("request")
                        && e.get("args").get("sector").asString().equals("393728"))
                .findFirst()
                .orElseThrow();
        assertThat(request.get("name").asString()).isEqualTo("RS 65536 B");
        assertThat(request.get("ts").asDouble()).isBetween(read.get("ts").asDouble(), end);
        assertThat(events("X").stream().filter(e -> e.get("cat").asString().equals("store")))
                .anyMatch(s -> s.get("ts").asDouble() <= end
                        && s.get("ts").asDouble() + s.get("dur").asDouble()
                                >= request.get("ts").asDouble());
    }

    @Test
    void tracepointsAndLogLinesAreInstantsInTheLessonsWords() {
        assertThat(events("i"))
                .anyMatch(e -> e.get("name").asString().equals("DMA starts")
                        && e.get("args").get("event").asString().equals("block_rq_issue"))
                .anyMatch(e -> e.get("name").asString().equals("verify mismatch")
                        && e.get("args").get("detail").asString().contains("csum failed"));
    }

    @Test
    void eachFailureIsASliceOnTheFailuresTrack() {
        List<JsonNode> f = events("X").stream()
                .filter(e -> e.get("cat").asString().equals("failure"))
                .toList();
        assertThat(f)
                .extracting(e -> e.get("name").asString())
                .containsExactly(
                        "failure 1: read failed with EIO",
                        "failure 2: read failed with EIO",
                        "failure 3: read failed with EIO");
    }

    @Test
    void writesBothFilesIntoTheDirectory(@TempDir Path dir) throws Exception {
        List<String> raw = Fixtures.lines("false-csum-read.ftrace.txt");
        TraceFiles files = TraceExport.write(dir, "false-csum-read", raw, reading, failures);
        assertThat(files.json()).isEqualTo(dir.resolve("false-csum-read.trace.json"));
        assertThat(Files.readAllLines(files.ftrace())).isEqualTo(raw);
        assertThat(ChromeTrace.MAPPER.readTree(files.json().toFile())).isEqualTo(json);
        try (var s = Files.list(dir)) {
            assertThat(s.map(p -> p.getFileName().toString()))
                    .containsExactlyInAnyOrder("false-csum-read.trace.json", "false-csum-read.ftrace.txt");
        }
    }

    private static List<String> named(String kind) {
        return events("M").stream()
                .filter(e -> e.get("name").asString().equals(kind))
                .map(e -> e.get("args").get("name").asString())
                .toList();
    }

    private static List<JsonNode> events(String ph) {
        List<JsonNode> out = new ArrayList<>();
        json.get("traceEvents").forEach(e -> {
            if (e.get("ph").asString().equals(ph)) {
                out.add(e);
            }
        });
        return out;
    }
}
