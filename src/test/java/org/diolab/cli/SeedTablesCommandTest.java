package org.diolab.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.diolab.live.kernel.KernelLab;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** {@code dio-lab kernel-lab seed-tables}: its help, refusals with exit 2, and a real run in text and JSON. */
class SeedTablesCommandTest {
    @TempDir
    Path tmp;

    @Test
    void theHelpNamesEachSeedsWorkload() {
        CliRun r = CliRun.of("kernel-lab", "seed-tables", "--help");
        assertThat(r.code()).isZero();
        assertThat(r.out().replaceAll("\\s+", " "))
                .contains("S000's libaio random 64 KiB reads at depth 64")
                .contains("S002's eight psync randrw jobs on one ext4 file");
    }

    @Test
    void badInputIsRefusedWithOneLineSayingWhatToDo() {
        CliRun seed = CliRun.of("kernel-lab", "seed-tables", "S001", "--dir", tmp.toString());
        assertThat(seed.code()).isEqualTo(2);
        assertThat(seed.err()).contains("unknown seed 'S001'; choose from S000, S003, S002, S004");
        CliRun size = CliRun.of("kernel-lab", "seed-tables", "--dir", tmp.toString(), "--size", "1m");
        assertThat(size.code()).isEqualTo(2);
        assertThat(size.err()).contains("--size must be whole MiB between 16m and 16g");
        CliRun format = CliRun.of("kernel-lab", "seed-tables", "--dir", tmp.toString(), "--format", "xml");
        assertThat(format.err()).contains("--format must be text or json, not 'xml'");
    }

    @Test
    void aRealRunPrintsTheSeedsTableBesideThisKernelsAndLeavesNothing() throws Exception {
        KernelLab.unavailableReason().ifPresent(why -> assumeTrue(false, why));
        Files.createDirectories(Path.of("target"));
        Path scratch = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "seed-tables-cli")
                .toRealPath();
        try {
            CliRun r = CliRun.of(
                    "kernel-lab",
                    "seed-tables",
                    "S000",
                    "--dir",
                    scratch.toString(),
                    "--size",
                    "16m",
                    "--runtime",
                    "300ms",
                    "--format",
                    "json",
                    "--no-progress");
            assertThat(r.code()).as(r.err()).isZero();
            JsonNode root = JsonMapper.builder().build().readTree(r.out());
            JsonNode t = root.get("tables").get(0);
            assertThat(t.get("seed").asString()).isEqualTo("S000");
            assertThat(t.get("rows").get(0).get("seed_value").asDouble()).isEqualTo(988);
            assertThat(t.get("rows").get(0).get("here_ratio").asDouble()).isEqualTo(1.0);
            assertThat(t.get("rows").get(1).get("here").asDouble()).isPositive();
            assertThat(t.get("rows").get(2).get("here").isNull()).isTrue();
            assertThat(t.get("rows").get(2).get("absent").asString()).contains("no knob picks the other");
            assertThat(root.get("runs").get(0).get("job").asString())
                    .startsWith("libaio randread bs=64k iodepth=64 numjobs=1, O_DIRECT");
            assertThat(root.get("scaling").asString()).contains("each test file 16m");
            assertThat(root.get("left_behind").isEmpty()).isTrue();
            try (Stream<Path> s = Files.list(scratch)) {
                assertThat(s.toList()).isEmpty();
            }
        } finally {
            Files.deleteIfExists(scratch);
        }
    }
}
