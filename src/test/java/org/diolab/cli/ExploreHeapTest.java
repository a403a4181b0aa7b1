package org.diolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * Issue 12, item 4: {@code --max-states} alone did not bound memory, and a big scenario died of OutOfMemoryError. In a
 * JVM with a small heap, exploring a scenario far too big for it (the RAID1 lesson with three more readers, about two
 * million states, without reduction) ends normally and says it stopped because the heap was nearly full.
 */
class ExploreHeapTest {
    @TempDir
    Path dir;

    @Test
    void aSearchTooBigForTheHeapStopsAndSaysSoInsteadOfRunningOutOfMemory() throws Exception {
        Files.createDirectories(dir.resolve("sources"));
        Path lessons = Path.of("lessons");
        Files.copy(
                lessons.resolve("sources/003_cf655875e5a3f591.txt"), dir.resolve("sources/003_cf655875e5a3f591.txt"));
        String yaml = Files.readString(lessons.resolve("raid1-mirrors-diverge.yaml"), StandardCharsets.UTF_8);
        StringBuilder pages = new StringBuilder();
        StringBuilder readers = new StringBuilder();
        for (int i = 2; i <= 4; i++) {
            pages.append("    R").append(i).append(": \"....\"\n");
            readers.append("  - id: reader")
                    .append(i)
                    .append("\n    title: \"Reader ")
                    .append(i)
                    .append("\"\n    ops:\n      - dio_read: {bio: r")
                    .append(i)
                    .append(", into: [R")
                    .append(i)
                    .append("], block: 0, leg: leg")
                    .append(i % 2)
                    .append("}\n");
        }
        yaml = yaml.replace("    R1: \"....\"\n", "    R1: \"....\"\n" + pages)
                .replace("\nschedule:\n", "\n" + readers + "\nschedule:\n");
        Files.writeString(dir.resolve("raid1-mirrors-diverge.yaml"), yaml, StandardCharsets.UTF_8);

        String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        Process p = new ProcessBuilder(List.of(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-Xmx32m",
                        "-cp",
                        cp,
                        CliMain.class.getName(),
                        "explore",
                        "raid1-mirrors-diverge",
                        "--lessons",
                        dir.toString(),
                        "--reduction",
                        "none",
                        "--max-states",
                        "100000000",
                        "--format",
                        "json"))
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("finished").isTrue();

        assertThat(p.exitValue()).as("exit code; output: %s", out).isZero();
        JsonNode json = TraceJson.MAPPER.readTree(out);
        assertThat(json.get("exceeded").asBoolean()).isTrue();
        assertThat(json.get("stoppedBy").asString()).isEqualTo("memory");
        assertThat(json.get("complete").asBoolean()).isFalse();
        assertThat(json.get("states").asInt()).isBetween(10_000, 1_000_000);
    }
}
