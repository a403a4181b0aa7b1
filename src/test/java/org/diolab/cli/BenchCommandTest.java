package org.diolab.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.diolab.live.fio.FioBridge;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class BenchCommandTest {
    @TempDir
    Path dir;

    private boolean empty(Path d) throws Exception {
        try (Stream<Path> s = Files.list(d)) {
            return s.findAny().isEmpty();
        }
    }

    @Test
    void jsonOutputIsAFioCompatibleDocumentOnStdoutOnly() throws Exception {
        CliRun r = CliRun.of(
                "bench",
                "--dir",
                dir.toString(),
                "--name",
                "cli",
                "--rw",
                "randrw",
                "--bs",
                "64k",
                "--size",
                "2m",
                "--mirrors",
                "2",
                "--format",
                "json",
                "--no-progress");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.err()).isEmpty();
        JsonNode root = JsonMapper.builder().build().readTree(r.out());
        JsonNode job = root.path("jobs").path(0);
        assertThat(root.has("fio version")).isTrue();
        assertThat(job.path("jobname").asString()).isEqualTo("cli");
        assertThat(job.has("job options")).isTrue();
        for (String d : new String[] {"read", "write"}) {
            for (String k : new String[] {"io_bytes", "bw_bytes", "bw", "iops", "runtime", "total_ios", "clat_ns"}) {
                assertThat(job.path(d).has(k)).as(d + "." + k).isTrue();
            }
        }
        assertThat(job.path("read").path("total_ios").asLong()
                        + job.path("write").path("total_ios").asLong())
                .isEqualTo(32);
        assertThat(job.path("dio-lab")
                        .path("races")
                        .path("mirror_blocks_differing")
                        .asLong())
                .isZero();
        assertThat(empty(dir)).isTrue();
    }

    @Test
    void textOutputReadsLikeFioAndProgressGoesToStderr() throws Exception {
        CliRun r = CliRun.of(
                "bench",
                "--dir",
                dir.toString(),
                "--name",
                "txt",
                "--rw",
                "write",
                "--bs",
                "64k",
                "--size",
                "4m",
                "--mutators",
                "1",
                "--csum",
                "sync",
                "--interval",
                "10ms");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out())
                .contains("txt: (rw=write, bs=64k, size=4m")
                .contains("write: IOPS=")
                .contains("clat percentiles (usec): p50=")
                .contains("mutator stores")
                .contains("blocks on disk do not match their stored checksum")
                .contains("machine: Linux");
        assertThat(r.err()).contains("[txt]");
        assertThat(empty(dir)).isTrue();
    }

    @Test
    void refusalsExitWithTwoAndOneClearLine() throws Exception {
        CliRun badBs = CliRun.of("bench", "--dir", dir.toString(), "--bs", "1000", "--size", "1000k");
        assertThat(badBs.code()).isEqualTo(2);
        assertThat(badBs.err()).startsWith("dio-lab: ").contains("multiple of 512");

        CliRun noDir = CliRun.of("bench", "--rw", "read");
        assertThat(noDir.code()).isEqualTo(2);
        assertThat(noDir.err()).contains("--dir is required");

        CliRun badRw = CliRun.of("bench", "--dir", dir.toString(), "--rw", "sideways");
        assertThat(badRw.code()).isEqualTo(2);
        assertThat(badRw.err()).contains("randwrite");

        CliRun bounceVsFio = CliRun.of("bench", "--dir", dir.toString(), "--mode", "bounce", "--vs-fio", "1");
        assertThat(bounceVsFio.code()).isEqualTo(2);
        assertThat(bounceVsFio.err()).contains("--vs-fio");
        assertThat(empty(dir)).isTrue();
    }

    @Test
    void keptFilesStayForTheNextRunAndGoWhenAsked() throws Exception {
        String[] job = {
            "bench",
            "--dir",
            dir.toString(),
            "--rw",
            "randwrite",
            "--bs",
            "64k",
            "--size",
            "2m",
            "--no-progress",
            "--keep-files"
        };
        CliRun first = CliRun.of(job);
        assertThat(first.code()).as(first.err()).isZero();
        assertThat(first.err()).contains("kept 1 laid-out file(s)").contains("--remove-kept-files");
        try (var s = Files.list(dir)) {
            assertThat(s.map(p -> p.getFileName().toString()))
                    .containsExactlyInAnyOrder(".dio-lab-kept-2m-w0-m0", ".dio-lab-kept.lock");
        }
        assertThat(CliRun.of(job).code()).isZero();
        CliRun removed = CliRun.of("bench", "--dir", dir.toString(), "--remove-kept-files");
        assertThat(removed.code()).as(removed.err()).isZero();
        assertThat(removed.out()).startsWith("removed 1 kept file(s), 2.0 MiB");
        assertThat(empty(dir)).isTrue();
    }

    @Test
    void refusesTmpfs() throws Exception {
        Path shm = Path.of("/dev/shm");
        assumeTrue(Files.isDirectory(shm) && Files.getFileStore(shm).type().equals("tmpfs"), "no tmpfs /dev/shm");
        CliRun r = CliRun.of("bench", "--dir", shm.toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).startsWith("dio-lab: /dev/shm is on tmpfs").contains("--dir");
    }

    @Test
    void runsEveryJobOfAFioJobFile() throws Exception {
        Path scratch = Files.createDirectory(dir.resolve("scratch"));
        Path file = Files.writeString(dir.resolve("jobs.fio"), """
                [global]
                directory=%s
                direct=1
                size=1m
                bs=64k

                [first]
                rw=write

                [second]
                rw=randread
                verify=crc32c
                """.formatted(scratch));
        CliRun r = CliRun.of("bench", file.toString(), "--format", "json", "--no-progress");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode jobs = JsonMapper.builder().build().readTree(r.out()).path("jobs");
        assertThat(jobs.size()).isEqualTo(2);
        assertThat(jobs.path(0).path("jobname").asString()).isEqualTo("first");
        assertThat(jobs.path(1).path("read").path("total_ios").asLong()).isEqualTo(16);
        assertThat(empty(scratch)).isTrue();

        CliRun both = CliRun.of("bench", file.toString(), "--bs", "4k", "--format", "json", "--no-progress");
        assertThat(both.code()).as("the command line overrides the file").isZero();
        JsonNode over = JsonMapper.builder().build().readTree(both.out()).path("jobs");
        assertThat(over.path(1).path("job options").path("bs").asString()).isEqualTo("4k");
        assertThat(over.path(1).path("read").path("total_ios").asLong()).isEqualTo(256);
    }

    @Test
    void comparesWithFioWhenAsked() throws Exception {
        assumeTrue(FioBridge.locateFio().isPresent(), "fio is not installed (apt-get install fio)");
        CliRun r = CliRun.of(
                "bench",
                "--dir",
                dir.toString(),
                "--name",
                "vs",
                "--rw",
                "randread",
                "--bs",
                "64k",
                "--size",
                "4m",
                "--runtime",
                "200ms",
                "--vs-fio",
                "2",
                "--no-progress");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out())
                .contains("vs vs fio-")
                .contains("pair 1 (fio first)")
                .contains("pair 2 (DIO Lab first)")
                .contains("median: DIO Lab")
                .contains("fio command: ");
        assertThat(empty(dir)).isTrue();

        CliRun json = CliRun.of(
                "bench",
                "--dir",
                dir.toString(),
                "--name",
                "vsj",
                "--rw",
                "read",
                "--bs",
                "64k",
                "--size",
                "4m",
                "--vs-fio",
                "1",
                "--format",
                "json",
                "--no-progress");
        assertThat(json.code()).as(json.err()).isZero();
        JsonNode root = JsonMapper.builder().build().readTree(json.out());
        JsonNode vs = root.path("vs-fio").path(0);
        assertThat(vs.path("jobname").asString()).isEqualTo("vsj");
        assertThat(vs.path("pairs").size()).isEqualTo(1);
        assertThat(vs.path("pairs").path(0).path("fio_bw_bytes").asLong()).isPositive();
        assertThat(vs.path("median_ratio").asDouble())
                .isEqualTo(vs.path("pairs").path(0).path("ratio").asDouble());
        assertThat(root.path("jobs").size()).isEqualTo(1); // DIO Lab's run of the pair, in fio's format
    }
}
