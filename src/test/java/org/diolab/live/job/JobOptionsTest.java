package org.diolab.live.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The one table of job options serves bench's command line, job files and lessons alike. */
class JobOptionsTest {
    @Test
    void everyKeyAliasAndSpellingNamesOneOption() {
        List<String> keys = new ArrayList<>();
        List<String> spellings = new ArrayList<>();
        for (JobOption o : JobOptions.ALL) {
            keys.add(o.key());
            keys.addAll(o.aliases());
            if (o.onCommandLine()) {
                spellings.add(o.cli());
                assertThat(o.cli())
                        .as("bench spells a key with dashes")
                        .isEqualTo("--" + o.key().replace('_', '-'));
                assertThat(o.help()).as(o.cli()).isNotBlank();
            }
        }
        assertThat(keys).doesNotHaveDuplicates();
        assertThat(spellings).doesNotHaveDuplicates();
        assertThat(JobOptions.byKey("blocksize")).isEqualTo(JobOptions.byKey("bs"));
        assertThat(JobOptions.byCli("--csum-impl").orElseThrow().key()).isEqualTo("csum_impl");
        assertThat(JobOptions.byCli("--time-based")).as("job files only").isEmpty();
    }

    @Test
    void theCommandLineAndAJobFileGiveTheSameJobForTheSameOptions() {
        Map<String, String> values = new LinkedHashMap<>();
        values.put("--rw", "randrw");
        values.put("--rwmixread", "30");
        values.put("--bs", "64k");
        values.put("--size", "8m");
        values.put("--runtime", "2s");
        values.put("--numjobs", "2");
        values.put("--mode", "bounce");
        values.put("--csum", "async");
        values.put("--csum-impl", "sw");
        values.put("--mirrors", "2");
        values.put("--mutators", "1");
        values.put("--nowait", "true");
        values.put("--verify", "true");
        values.put("--end-fsync", "true");
        values.put("--randseed", "7");
        values.put("--iomem", "pages");
        values.put("--invalidate", "0");
        Map<JobOption, String> given = new LinkedHashMap<>();
        StringBuilder file = new StringBuilder("[dio-lab]\ntime_based\n");
        values.forEach((cli, v) -> {
            JobOption o = JobOptions.byCli(cli).orElseThrow();
            given.put(o, v);
            file.append(o.key()).append('=').append(v).append('\n');
        });
        JobSpec fromCli = JobOptions.fromCommandLine(given);
        assertThat(FioJobFile.parse(file.toString(), "t.fio").jobs()).containsExactly(fromCli);
        assertThat(fromCli.runtime()).isEqualTo(Duration.ofSeconds(2));
        assertThat(fromCli.mode()).isEqualTo(Mode.BOUNCE);
        assertThat(fromCli.csumImpl()).isEqualTo(CsumImpl.SW);
        assertThat(fromCli.invalidate()).isFalse();
        assertThat(fromCli.nowait() && fromCli.verify() && fromCli.endFsync()).isTrue();
        assertThat(JobArgs.parse(
                        "dio-lab",
                        values.entrySet().stream()
                                .flatMap(e -> e.getValue().equals("true")
                                        ? java.util.stream.Stream.of(e.getKey())
                                        : java.util.stream.Stream.of(e.getKey(), e.getValue()))
                                .toList()))
                .as("a lesson's live job")
                .isEqualTo(fromCli);
    }

    @Test
    void refusalsSayTheOptionAsItWasSpelledAndListWhatIsSupported() {
        JobOption bs = JobOptions.byCli("--bs").orElseThrow();
        assertThatThrownBy(() -> JobOptions.fromCommandLine(Map.of(bs, "99999999999999999999")))
                .isInstanceOf(LiveRefusal.class)
                .hasMessageStartingWith("--bs 99999999999999999999 is out of range");
        assertThatThrownBy(() -> FioJobFile.parse("[j]\nblocksize=9999999999999\n", "b.fio"))
                .hasMessageStartingWith("b.fio:2: blocksize");
        String unsupported = "";
        try {
            FioJobFile.parse("[j]\nzonemode=zbd\n", "z.fio");
        } catch (LiveRefusal e) {
            unsupported = e.getMessage();
        }
        for (JobOption o : JobOptions.ALL) {
            if (o.inFiles() == JobOption.InFiles.APPLY) {
                assertThat(unsupported).as("the message lists " + o.key()).contains(o.key());
            }
        }
        assertThatThrownBy(() -> JobArgs.parse("x", List.of("--time_based")))
                .hasMessageContaining("option 'time_based' is not supported")
                .hasMessageContaining("--csum-impl");
    }

    @Test
    void aFlagIsOneOrZeroAndBenchReadsANumberAsACount() {
        JobOption invalidate = JobOptions.byCli("--invalidate").orElseThrow();
        assertThat(invalidate.takesValue())
                .as("on by default: bench needs --invalidate 0")
                .isTrue();
        assertThat(JobOptions.byCli("--nowait").orElseThrow().takesValue()).isFalse();
        assertThatThrownBy(() -> JobOptions.fromCommandLine(Map.of(invalidate, "2")))
                .hasMessage("--invalidate 2 is out of range; use 0 to 1");
        assertThatThrownBy(() -> FioJobFile.parse("[j]\ninvalidate=2\n", "i.fio"))
                .hasMessage("i.fio:2: '2' is not 0 or 1");
        for (String on : List.of("1", "true", "YES", "on")) {
            assertThat(FioJobFile.parse("[j]\nnowait=" + on.toLowerCase(Locale.ROOT) + "\n", "n.fio")
                            .jobs()
                            .getFirst()
                            .nowait())
                    .isTrue();
        }
    }
}
