package org.diolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.Command;
import tools.jackson.databind.JsonNode;

class CliTest {
    static CliRun run(String... args) {
        return CliRun.of(args);
    }

    @Test
    void lessonsListsIdTitleAndSeed() {
        CliRun r = run("lessons");
        assertThat(r.code()).isZero();
        assertThat(r.out()).containsPattern("raid1-mirrors-diverge +S003 +RAID1 mirrors diverge");
    }

    @Test
    void playJsonReportsTheMirrorViolationUnderZeroCopy() {
        CliRun r = run("play", "raid1-mirrors-diverge", "--policy", "zero-copy", "--format", "json");
        assertThat(r.code()).isZero();
        JsonNode json = TraceJson.MAPPER.readTree(r.out());
        assertThat(json.get("lesson").asString()).isEqualTo("raid1-mirrors-diverge");
        assertThat(json.get("policy").asString()).isEqualTo("zero-copy");
        JsonNode steps = json.get("steps");
        assertThat(steps.size()).isEqualTo(22);
        JsonNode first = steps.get(0);
        assertThat(first.get("index").asInt()).isEqualTo(1);
        assertThat(first.get("actor").asString()).isEqualTo("app");
        assertThat(first.get("action").asString()).contains("pins B");
        assertThat(first.get("narration").asString()).contains("pin");
        assertThat(first.get("changed").get(0).asString()).isEqualTo("page:B");
        JsonNode v = json.get("violations");
        assertThat(v.size()).isEqualTo(1);
        assertThat(v.get(0).get("invariant").asString()).isEqualTo("mirrors-agree");
        assertThat(v.get(0).get("step").asInt()).isEqualTo(6);
        assertThat(v.get(0).get("detail").asString()).isEqualTo("block 0: leg0 holds 'AAAA', leg1 holds 'BBBB'");
    }

    @Test
    void playJsonReportsNoViolationUnderBounce() {
        CliRun r = run("play", "raid1-mirrors-diverge", "--policy", "bounce", "--format", "json");
        assertThat(r.code()).isZero();
        assertThat(TraceJson.MAPPER.readTree(r.out()).get("violations").size()).isZero();
    }

    @Test
    void playTextTellsTheStoryWithQuotes() {
        CliRun r = run("play", "raid1-mirrors-diverge");
        assertThat(r.out())
                .contains("policy: zero-copy")
                .contains("— Qu Wenruo, 003_cf655875e5a3f591.txt")
                .contains("VIOLATED mirrors-agree at step 6");
    }

    @Test
    void playTextSaysWhichKernelsTheChoiceShows() {
        CliRun old = run("play", "file-mapped-dio-buffer", "--policy", "zero-copy");
        assertThat(old.out())
                .contains(
                        "kernel: shows Linux before 6.15 (968f19c5b1b7): the zero-copy direct write of checksummed X");
        CliRun bounce = run("play", "file-mapped-dio-buffer", "--policy", "bounce");
        assertThat(bounce.out()).doesNotContain("kernel: shows");
        CliRun perInode = run("play", "btrfs-raid1-buffered-writeback", "--policy", "no-stable-writes");
        assertThat(perInode.out()).contains("kernel: shows Linux since 6.15 (ecde48a1a6b3)");
        CliRun whatIf = run("play", "btrfs-raid1-buffered-writeback", "--policy", "no-ordered-extent-wait");
        assertThat(whatIf.out()).doesNotContain("kernel: shows");
    }

    @Test
    void unknownLessonListsTheValidOnesAndExitsWith2() {
        CliRun r = run("play", "raid9");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("unknown lesson 'raid9'").contains("raid1-mirrors-diverge");
        assertThat(r.out()).isEmpty();
    }

    @Test
    void unknownPolicyListsTheLessonsPoliciesAndExitsWith2() {
        CliRun r = run("play", "raid1-mirrors-diverge", "--policy", "copy");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("has no policy 'copy'. Policies: zero-copy, bounce");
    }

    @Test
    void unknownFormatExitsWith2() {
        CliRun r = run("play", "raid1-mirrors-diverge", "--format", "xml");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("unknown format 'xml'");
    }

    @Test
    void theUsageListsEverySubcommandWithItsDescriptionWithOrWithoutHelp() {
        CliRun help = run("--help");
        CliRun bare = run();
        assertThat(help.code()).isZero();
        assertThat(bare.code()).isZero();
        assertThat(bare.out()).isEqualTo(help.out());
        List<String> lines = help.out().lines().toList();
        Class<?>[] subcommands = DioLabCli.class.getAnnotation(Command.class).subcommands();
        assertThat(subcommands).hasSizeGreaterThanOrEqualTo(10);
        for (Class<?> sub : subcommands) {
            Command c = sub.getAnnotation(Command.class);
            String start = c.description()[0].substring(0, Math.min(24, c.description()[0].length()));
            assertThat(lines)
                    .as("the usage lists '%s' with its description", c.name())
                    .anyMatch(l -> l.matches("\\s+" + Pattern.quote(c.name()) + "\\s+" + Pattern.quote(start) + ".*"));
        }
    }
}
