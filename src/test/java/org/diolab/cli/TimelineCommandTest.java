package org.diolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** {@code dio-lab timeline}: every lesson's epilogue on one timeline, dated events in order, each with a source. */
class TimelineCommandTest {
    @Test
    void textListsDatedEventsInOrderThenTheUndatedOnes() {
        CliRun r = CliTest.run("timeline");
        assertThat(r.code()).isZero();
        List<String> headlines =
                r.out().lines().filter(l -> !l.startsWith("    ")).toList();
        List<String> dates = headlines.stream()
                .map(l -> l.split(" {2}|$")[0])
                .filter(d -> d.matches("\\d{4}.*"))
                .toList();
        assertThat(dates).isSorted().contains("2019-08-27", "2025-10-31", "2026-08-31");
        assertThat(headlines.getLast()).startsWith("not dated here");
        assertThat(r.out())
                .contains("2025-10-31  7c2830f00c3e \"btrfs: fallback to buffered IO if the data profile"
                        + " has duplication\"")
                .as("no source dates the commit or its stable backport: shown undated")
                .contains("not dated here  7c2830f00c3e \"btrfs: fallback to buffered IO if the data profile"
                        + " has duplication\"")
                .doesNotContain("2026-02-03");
    }

    @Test
    void jsonGroupsTheLessonsTellingOfOneEvent() {
        CliRun r = CliTest.run("timeline", "--format", "json");
        assertThat(r.code()).isZero();
        JsonNode root = TraceJson.MAPPER.readTree(r.out());
        List<String> lessons = new ArrayList<>();
        for (JsonNode e : root) {
            for (JsonNode t : e.get("tellings")) {
                assertThat(t.get("source").asString()).isNotBlank();
            }
            if ("7c2830f00c3e".equals(e.get("commit").asString())
                    && "2025-10-31".equals(e.get("when").asString())) {
                e.get("tellings").forEach(t -> lessons.add(t.get("lesson").asString()));
            }
        }
        assertThat(lessons).contains("raid1-mirrors-diverge", "raid56-parity-rebuild", "how-the-stories-ended");
    }

    @Test
    void playEndsWithWhatHappenedNext() {
        CliRun r = CliTest.run("play", "raid1-mirrors-diverge");
        assertThat(r.out()).contains("What happened next:").contains("7c2830f00c3e");
    }
}
