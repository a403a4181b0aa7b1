package org.diolab.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.stream.Stream;
import org.diolab.sys.DirectIoAlignment;
import org.diolab.sys.Fd;
import org.diolab.sys.LibC;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * fio job files as fio reads them, run for real with the command line's {@code --runtime} and {@code --size} over
 * the file's: engines and depths as the file says (and the JSON says so), the jobs of a group at the same time and a
 * stonewall waiting for them, a shared {@code filename=}, a [global] in the middle applying only to what follows.
 * The files (src/test/resources/fio) are written for this project in fio's style.
 */
class BenchJobFileTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @TempDir
    Path dir;

    private JsonNode run(String resource, String... more) throws IOException {
        Path file = dir.resolve(resource);
        try (InputStream in = BenchJobFileTest.class.getResourceAsStream("/fio/" + resource)) {
            Files.copy(in, file);
        }
        Path scratch = Files.createDirectories(dir.resolve("scratch"));
        String[] args = Stream.concat(
                        Stream.of(
                                "bench",
                                file.toString(),
                                "--dir",
                                scratch.toString(),
                                "--runtime",
                                "300ms",
                                "--size",
                                "4m",
                                "--format",
                                "json",
                                "--no-progress"),
                        Stream.of(more))
                .toArray(String[]::new);
        CliRun r = CliRun.of(args);
        assertThat(r.code()).as(r.err()).isZero();
        try (Stream<Path> left = Files.list(scratch)) {
            assertThat(left).as("nothing left in the scratch directory").isEmpty();
        }
        return JSON.readTree(r.out()).path("jobs");
    }

    private static Instant start(JsonNode job) {
        return Instant.parse(job.path("dio-lab").path("started_at").asString());
    }

    private static long elapsedMs(JsonNode job) {
        return job.path("dio-lab").path("elapsed_ns").asLong() / 1_000_000;
    }

    @Test
    void enginesAtDepthRunTogetherAndAStonewallWaitsForThem() throws IOException {
        JsonNode jobs = run("engines-side-by-side.fio");
        assertThat(jobs.size()).isEqualTo(3);
        JsonNode uring = jobs.path(0);
        JsonNode aio = jobs.path(1);
        JsonNode after = jobs.path(2);
        assertThat(uring.path("job options").path("ioengine").asString()).isEqualTo("io_uring");
        assertThat(aio.path("job options").path("ioengine").asString()).isEqualTo("libaio");
        assertThat(aio.path("job options").path("iodepth").asString()).isEqualTo("16");
        assertThat(aio.path("job options").path("size").asString())
                .as("--size over size=1g")
                .isEqualTo("4m");
        assertThat(aio.path("job options").path("runtime").asString()).isEqualTo("300ms");
        assertThat(after.path("job options").path("ioengine").asString()).isEqualTo("psync");
        assertThat(aio.path("iodepth_level").path("16").asDouble())
                .as("its queue was full")
                .isGreaterThan(90);
        // the first two ran at the same time: each started before the other ended
        long gap = Math.abs(start(uring).toEpochMilli() - start(aio).toEpochMilli());
        assertThat(gap).isLessThan(Math.min(elapsedMs(uring), elapsedMs(aio)));
        // the stonewalled one started after both had ended
        long end = Math.max(
                start(uring).toEpochMilli() + elapsedMs(uring), start(aio).toEpochMilli() + elapsedMs(aio));
        assertThat(start(after).toEpochMilli()).isGreaterThanOrEqualTo(end - 1);
    }

    @Test
    void threadsAndJobsNamingOneFilenameShareIt() throws IOException {
        JsonNode jobs = run("shared-file.fio");
        JsonNode writers = jobs.path(0);
        JsonNode reader = jobs.path(1);
        assertThat(writers.path("job options").path("filename").asString()).isEqualTo("shared.dat");
        assertThat(writers.path("job options").path("numjobs").asString()).isEqualTo("4");
        assertThat(writers.path("dio-lab")
                        .path("page_cache")
                        .path("total_pages")
                        .asLong())
                .as("one 4 MiB file for the four threads")
                .isEqualTo(1024);
        assertThat(reader.path("dio-lab").path("page_cache").path("total_pages").asLong())
                .isEqualTo(1024);
        assertThat(reader.path("job options").path("ioengine").asString()).isEqualTo("libaio");
        assertThat(reader.path("read").path("io_bytes").asLong()).isPositive();
    }

    @Test
    void bssplitDistributionsAndRatedArrivalsRunAndTheReportSaysWhatWasIssued() throws IOException {
        JsonNode jobs = run("access-patterns.fio");
        JsonNode mix = jobs.path(0);
        assertThat(mix.path("job options").path("bssplit").asString()).isEqualTo("4k/60:16k/30:64k/10");
        assertThat(mix.path("job options").path("random_distribution").asString())
                .isEqualTo("zipf:1.2");
        JsonNode bySize = mix.path("dio-lab").path("access").path("read_ios_by_bs");
        long ios = mix.path("read").path("total_ios").asLong();
        assertThat(bySize.path("4k").asLong()
                        + bySize.path("16k").asLong()
                        + bySize.path("64k").asLong())
                .as("every I/O issued is one of the split's sizes (issued, a few more than completed)")
                .isBetween(ios, ios + 8);
        assertThat(bySize.path("4k").asLong()).isGreaterThan(bySize.path("64k").asLong());
        JsonNode hits = mix.path("dio-lab").path("access").path("hit_profile");
        assertThat(hits.path("hottest_share").path("1%").asDouble())
                .as("zipf 1.2 puts most I/O on a few blocks")
                .isGreaterThan(0.3);
        JsonNode zoned = jobs.path(1).path("dio-lab").path("access").path("hit_profile");
        assertThat(zoned.path("hottest_share").path("5%").asDouble()).isGreaterThan(0.35);
        JsonNode rated = jobs.path(2);
        assertThat(rated.path("job options").path("rate_process").asString()).isEqualTo("poisson");
        assertThat(rated.path("job options").path("io_submit_mode").asString()).isEqualTo("offload");
        double iops = rated.path("read").path("iops").asDouble();
        assertThat(iops).as("Poisson arrivals at 400/s on average").isBetween(150.0, 650.0);
    }

    @Test
    void directSizesBelowAPageRunWhereTheFilesAlignmentAllowsThem() throws IOException {
        Path probe = Files.createFile(dir.resolve("probe"));
        int fileAlign;
        try (Fd fd = Fd.open(probe, LibC.O_RDONLY)) {
            fileAlign = DirectIoAlignment.ofFile(fd.fd())
                    .map(DirectIoAlignment::offset)
                    .orElse(4096);
        }
        assumeTrue(fileAlign <= 512, "this filesystem's direct I/O needs " + fileAlign + "-byte units");
        JsonNode job = run("small-direct-sizes.fio").path(0);
        assertThat(job.path("job options").path("bssplit").asString()).isEqualTo("512/40:1k/20:2k/10:4k/30");
        assertThat(job.path("dio-lab").path("direct_io_alignment").asInt()).isEqualTo(fileAlign);
        JsonNode reads = job.path("dio-lab").path("access").path("read_ios_by_bs");
        JsonNode writes = job.path("dio-lab").path("access").path("write_ios_by_bs");
        assertThat(reads.path("512").asLong())
                .as("512-byte O_DIRECT reads issued")
                .isPositive();
        assertThat(writes.path("512").asLong())
                .as("512-byte O_DIRECT writes issued")
                .isPositive();
        assertThat(reads.path("512").asLong())
                .as("40% of the I/Os are 512 B, more than the 2k share (10%)")
                .isGreaterThan(reads.path("2k").asLong());
        assertThat(job.path("read").path("io_bytes").asLong()).isPositive();
    }

    @Test
    void exitallStopsTheReportingGroupEveryRunningJobOrTheRestOfTheFileAsExitWhatSays() throws IOException {
        Path file = dir.resolve("exit-what.fio");
        try (InputStream in = BenchJobFileTest.class.getResourceAsStream("/fio/exit-what.fio")) {
            Files.copy(in, file);
        }
        Path scratch = Files.createDirectories(dir.resolve("scratch"));
        CliRun r =
                CliRun.of("bench", file.toString(), "--dir", scratch.toString(), "--format", "json", "--no-progress");
        assertThat(r.code()).as(r.err()).isZero();
        java.util.Map<String, JsonNode> byName = new java.util.LinkedHashMap<>();
        JSON.readTree(r.out())
                .path("jobs")
                .forEach(j -> byName.put(j.path("jobname").asString(), j));
        assertThat(byName.keySet())
                .as("exit_what=all: [never] does not run")
                .containsExactly("short", "peer", "other", "wall", "run-on", "last", "beside");
        assertThat(byName.get("short").path("read").path("total_ios").asLong()).isEqualTo(20);
        assertThat(byName.get("last").path("write").path("total_ios").asLong()).isEqualTo(10);
        for (String stopped : java.util.List.of("peer", "run-on", "beside")) {
            assertThat(byName.get(stopped).path("job_runtime").asLong())
                    .as("%s stopped long before its 30 s", stopped)
                    .isLessThan(10_000);
        }
        assertThat(byName.get("other").path("job_runtime").asLong())
                .as("another reporting group: runs its 500 ms")
                .isGreaterThanOrEqualTo(450);
        assertThat(byName.get("wall").path("job options").path("exit_what").asString())
                .isEqualTo("stonewall");
        assertThat(byName.get("short").path("job options").path("exitall").asString())
                .isEqualTo("1");
        try (Stream<Path> left = Files.list(scratch)) {
            assertThat(left).isEmpty();
        }
    }

    @Test
    void numberIosEndsAJobAndThinktimeStallsAfterItsBlocksWithTheQueueCappedToThem() throws IOException {
        Path file = dir.resolve("think-and-count.fio");
        try (InputStream in = BenchJobFileTest.class.getResourceAsStream("/fio/think-and-count.fio")) {
            Files.copy(in, file);
        }
        Path scratch = Files.createDirectories(dir.resolve("scratch"));
        CliRun r =
                CliRun.of("bench", file.toString(), "--dir", scratch.toString(), "--format", "json", "--no-progress");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode jobs = JSON.readTree(r.out()).path("jobs");
        JsonNode counted = jobs.path(0);
        JsonNode batched = jobs.path(1);
        assertThat(counted.path("read").path("total_ios").asLong()).isEqualTo(40);
        assertThat(counted.path("job_runtime").asLong()).as("40 stalls of 2 ms").isGreaterThanOrEqualTo(80);
        assertThat(counted.path("job options").path("number_ios").asString()).isEqualTo("40");
        assertThat(counted.path("job options").path("thinktime").asString()).isEqualTo("2000");
        assertThat(batched.path("write").path("total_ios").asLong()).isEqualTo(64);
        assertThat(batched.path("job_runtime").asLong()).as("16 stalls of 5 ms").isGreaterThanOrEqualTo(80);
        assertThat(batched.path("job options").path("thinktime_blocks").asString())
                .isEqualTo("4");
        JsonNode levels = batched.path("iodepth_level");
        assertThat(levels.path("8").asDouble()
                        + levels.path("16").asDouble()
                        + levels.path("32").asDouble()
                        + levels.path(">=64").asDouble())
                .as("thinktime_blocks=4 caps iodepth=16 at 4: %s", levels)
                .isZero();
        try (Stream<Path> left = Files.list(scratch)) {
            assertThat(left).isEmpty();
        }
    }

    @Test
    void aPatternOneJobWroteIsCheckedByTheNextAndAnotherPatternIsFoundWrongEverywhere() throws IOException {
        Path file = dir.resolve("pattern-check.fio");
        try (InputStream in = BenchJobFileTest.class.getResourceAsStream("/fio/pattern-check.fio")) {
            Files.copy(in, file);
        }
        Path scratch = Files.createDirectories(dir.resolve("scratch"));
        CliRun r =
                CliRun.of("bench", file.toString(), "--dir", scratch.toString(), "--format", "json", "--no-progress");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.err()).contains("fill_device=1 in [lay-down]").contains("2m (the job's size)");
        JsonNode jobs = JSON.readTree(r.out()).path("jobs");
        assertThat(jobs.path(0).path("write").path("io_bytes").asLong())
                .as("once over the file")
                .isEqualTo(2 << 20);
        JsonNode check = jobs.path(1).path("dio-lab").path("races");
        assertThat(check.path("verify_blocks").asLong())
                .as("2 MiB in 1 KiB intervals")
                .isEqualTo(2048);
        assertThat(check.path("verify_errors").asLong()).isZero();
        JsonNode wrong = jobs.path(2).path("dio-lab").path("races");
        assertThat(wrong.path("verify_blocks").asLong()).isEqualTo(2048);
        assertThat(wrong.path("verify_errors").asLong())
                .as("the headers hold, the pattern does not")
                .isEqualTo(2048);
        try (Stream<Path> left = Files.list(scratch)) {
            assertThat(left).isEmpty();
        }
    }

    @Test
    void anAbsoluteFilenameIsPlacedInsideDirOnlyWhenAskedAndFlowWeightsHoldTheJobsInProportion() throws IOException {
        Path file = dir.resolve("flow-weights.fio");
        try (InputStream in = BenchJobFileTest.class.getResourceAsStream("/fio/flow-weights.fio")) {
            Files.copy(in, file);
        }
        Path scratch = Files.createDirectories(dir.resolve("scratch"));
        CliRun refused = CliRun.of("bench", file.toString(), "--dir", scratch.toString(), "--no-progress");
        assertThat(refused.code()).isEqualTo(2);
        assertThat(refused.err())
                .contains("filename=/tmp/dio-lab-flow-test is an absolute path")
                .contains("--place-in-dir");

        CliRun r = CliRun.of(
                "bench",
                file.toString(),
                "--dir",
                scratch.toString(),
                "--runtime",
                "400ms",
                "--size",
                "4m",
                "--place-in-dir",
                "--format",
                "json",
                "--no-progress");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.err()).contains("placed filename=/tmp/dio-lab-flow-test as dio-lab-flow-test inside " + scratch);
        assertThat(Path.of("/tmp/dio-lab-flow-test")).doesNotExist();
        try (Stream<Path> left = Files.list(scratch)) {
            assertThat(left).isEmpty();
        }
        JsonNode jobs = JSON.readTree(r.out()).path("jobs");
        JsonNode light = jobs.path(0);
        JsonNode heavy = jobs.path(1);
        assertThat(light.path("job options").path("filename").asString()).isEqualTo("dio-lab-flow-test");
        assertThat(heavy.path("job options").path("rw").asString()).isEqualTo("read:-8k");
        assertThat(heavy.path("job options").path("flow").asString()).isEqualTo("4");
        double ratio = heavy.path("read").path("total_ios").asDouble()
                / light.path("read").path("total_ios").asDouble();
        assertThat(ratio).as("flow=4 against flow=1: about four I/Os for one").isBetween(3.0, 5.0);
    }

    @Test
    void aGlobalInTheMiddleChangesOnlyTheJobsAfterIt() throws IOException {
        JsonNode jobs = run("global-in-the-middle.fio");
        JsonNode small = jobs.path(0).path("job options");
        JsonNode large = jobs.path(1).path("job options");
        assertThat(small.path("bs").asString()).isEqualTo("4k");
        assertThat(small.path("ioengine").asString()).isEqualTo("psync");
        assertThat(large.path("bs").asString()).isEqualTo("128k");
        assertThat(large.path("ioengine").asString()).isEqualTo("io_uring");
        assertThat(large.path("fixedbufs").asString()).isEqualTo("1");
    }

    @Test
    void theCommandLinesEngineAndDepthOverrideTheFiles() throws IOException {
        JsonNode jobs = run("global-in-the-middle.fio", "--ioengine", "io_uring", "--iodepth", "2");
        for (JsonNode j : jobs) {
            assertThat(j.path("job options").path("ioengine").asString()).isEqualTo("io_uring");
            assertThat(j.path("job options").path("iodepth").asString()).isEqualTo("2");
        }
    }
}
