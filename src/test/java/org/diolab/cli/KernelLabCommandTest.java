package org.diolab.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.diolab.live.kernel.KernelLab;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** {@code dio-lab kernel-lab}: refusals with exit 2, a real JSON run, and Ctrl-C tearing the lab down. */
class KernelLabCommandTest {
    @TempDir
    Path tmp;

    private static Path scratch() throws Exception {
        Files.createDirectories(Path.of("target"));
        return Files.createTempDirectory(Path.of("target").toAbsolutePath(), "kernel-lab-cli")
                .toRealPath();
    }

    private static long entries(Path dir) throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            return s.count();
        }
    }

    @Test
    void theHelpListsEveryScenarioOfTheRegistry() {
        CliRun r = CliRun.of("kernel-lab", "--help");
        assertThat(r.code()).isZero();
        String help = r.out().replaceAll("\\s+", " ");
        String ids = java.util.Arrays.stream(org.diolab.live.kernel.scenario.Scenario.values())
                .map(org.diolab.live.kernel.scenario.Scenario::id)
                .collect(java.util.stream.Collectors.joining(", "));
        assertThat(help).contains("Scenarios: " + ids + " (default: all). Exit codes:");
    }

    @Test
    void anUnknownScenarioListsTheKnownOnes() {
        CliRun r = CliRun.of("kernel-lab", "raid5-hole", "--dir", tmp.toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err())
                .contains("unknown scenario 'raid5-hole'")
                .contains("false-csum-read")
                .contains("ext4-convoy");
    }

    @Test
    void aDirectoryIsRequiredAndOnlyOneKind() {
        assertThat(CliRun.of("kernel-lab").err()).contains("--dir is required");
        CliRun both = CliRun.of("kernel-lab", "--dir", tmp.toString(), "--mount", tmp.toString());
        assertThat(both.code()).isEqualTo(2);
        assertThat(both.err()).contains("either --dir").contains("or --mount");
        assertThat(CliRun.of("kernel-lab", "--dir", tmp.toString(), "--format", "xml")
                        .code())
                .isEqualTo(2);
        assertThat(CliRun.of("kernel-lab", "--dir", tmp.toString(), "--size", "1m")
                        .err())
                .contains("--size");
    }

    @Test
    void aMountThatIsNotBtrfsIsRefusedWithWhatToDo() {
        CliRun r = CliRun.of("kernel-lab", "--mount", tmp.toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("not btrfs");
    }

    @Test
    void jsonNamesKernelVerdictsEvidenceAndLeavesNothing() throws Exception {
        KernelLab.unavailableReason().ifPresent(why -> assumeTrue(false, why)); // skips, saying why
        Path dir = scratch();
        try {
            CliRun r = CliRun.of(
                    "kernel-lab",
                    "false-csum-read",
                    "stable-writes",
                    "--dir",
                    dir.toString(),
                    "--size",
                    "16m",
                    "--runtime",
                    "600ms",
                    "--format",
                    "json",
                    "--no-progress");
            assertThat(r.code()).as(r.err()).isZero();
            JsonNode root = JsonMapper.builder().build().readTree(r.out());
            assertThat(root.path("kernel").asString()).isEqualTo(System.getProperty("os.version"));
            assertThat(root.path("btrfs_progs").asString()).startsWith("btrfs-progs");
            JsonNode csum = root.path("results").path(0);
            assertThat(csum.path("scenario").asString()).isEqualTo("false-csum-read");
            assertThat(csum.path("lessons").path(0).asString()).isEqualTo("dio-read-false-checksum-error");
            long eio = csum.path("evidence").path("eio_with_scribbler").asLong();
            assertThat(csum.path("outcome").asString()).isIn(List.of("present", "not_seen", "inconclusive"));
            if (csum.path("outcome").asString().equals("present")) {
                assertThat(eio).isPositive();
                // Log lines only corroborate: the kernel rate-limits them across all btrfs filesystems.
                assertThat(csum.path("kernel_log").toString()
                                + csum.path("limits").toString())
                        .containsAnyOf("csum failed", "rate-limits");
            }
            assertThat(csum.path("references").path(0).path("source").asString())
                    .isEqualTo("S000");
            assertThat(root.path("results").path(1).path("scenario").asString()).isEqualTo("stable-writes");
            assertThat(entries(dir)).isZero();
        } finally {
            Files.deleteIfExists(dir);
        }
    }

    @Test
    void ctrlCStopsTheRunAndTearsTheLabDown() throws Exception {
        KernelLab.unavailableReason().ifPresent(why -> assumeTrue(false, why)); // skips, saying why
        Path dir = scratch();
        Process p = KernelLabChild.startRaid1(dir, "16m");
        try {
            // Bounds against a hang, not timing targets: on a loaded machine building RAID1 takes a while.
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(180);
            while (!mounted(dir) && System.nanoTime() < deadline && p.isAlive()) {
                Thread.sleep(50);
            }
            assertThat(mounted(dir))
                    .as("the run mounted its RAID1 under " + dir)
                    .isTrue();
            new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).start().waitFor();
            assertThat(p.waitFor(180, TimeUnit.SECONDS))
                    .as("exited after SIGINT")
                    .isTrue();
            assertThat(p.exitValue()).isEqualTo(130);
            assertThat(mounted(dir)).isFalse();
            assertThat(loopsOver(dir)).isEmpty();
            assertThat(entries(dir)).isZero();
        } finally {
            stopAndSweep(p, dir);
        }
    }

    private static boolean mounted(Path dir) throws Exception {
        return Files.readString(Path.of("/proc/self/mountinfo")).contains(dir.toString());
    }

    /** Loop devices whose backing file is under {@code dir}. */
    private static List<String> loopsOver(Path dir) throws Exception {
        Process p = new ProcessBuilder("losetup", "--list", "--noheadings", "--output", "NAME,BACK-FILE")
                .redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        p.waitFor();
        return out.lines().filter(l -> l.contains(dir.toString())).toList();
    }

    /**
     * Whatever happened above (an assertion failed, the run hung): the child is stopped the way a user would, with
     * SIGINT, and only killed if it does not end; then a short lab run on the same directory sweeps what a killed run
     * left (its mount, loop devices, images), so a failing test never leaves the machine's devices behind.
     */
    private static void stopAndSweep(Process p, Path dir) throws Exception {
        if (p.isAlive()) {
            new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).start().waitFor();
            if (!p.waitFor(180, TimeUnit.SECONDS)) {
                p.destroyForcibly().waitFor();
            }
        }
        if (Files.isDirectory(dir)
                && (entries(dir) > 0 || mounted(dir) || !loopsOver(dir).isEmpty())) {
            CliRun sweep = CliRun.of(
                    "kernel-lab",
                    "stable-writes",
                    "--dir",
                    dir.toString(),
                    "--runtime",
                    "200ms",
                    "--size",
                    "16m",
                    "--no-progress");
            assertThat(sweep.code()).as("the sweeping run: " + sweep.err()).isZero();
        }
        Files.deleteIfExists(dir);
    }
}
