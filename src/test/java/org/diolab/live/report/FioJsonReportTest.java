package org.diolab.live.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.diolab.live.LiveTestSupport;
import org.diolab.live.job.CsumMode;
import org.diolab.live.job.JobSpec;
import org.diolab.live.job.RwPattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class FioJsonReportTest {
    @TempDir
    Path dir;

    @Test
    void hasFiosKeysWithFiosUnitsAndConsistentValues() {
        JobSpec job = LiveTestSupport.small()
                .name("mix")
                .rw(RwPattern.RANDRW)
                .rwmixread(70)
                .size(4 << 20)
                .csum(CsumMode.SYNC)
                .mirrors(2)
                .build();
        JobResult r = LiveTestSupport.run(dir, job);
        JsonNode root = JsonMapper.builder().build().readTree(FioJsonReport.render(List.of(r)));

        assertThat(root.path("fio version").asString()).startsWith("dio-lab-");
        JsonNode j = root.path("jobs").path(0);
        assertThat(j.path("jobname").asString()).isEqualTo("mix");
        assertThat(j.path("job options").path("rw").asString()).isEqualTo("randrw");
        assertThat(j.path("job options").path("rwmixread").asString()).isEqualTo("70");
        assertThat(j.path("job options").path("bs").asString()).isEqualTo("64k");
        assertThat(j.path("job options").path("direct").asString()).isEqualTo("1");
        long totalIos = 0;
        for (String dirName : new String[] {"read", "write"}) {
            JsonNode d = j.path(dirName);
            for (String key : new String[] {"io_bytes", "bw_bytes", "bw", "iops", "runtime", "total_ios"}) {
                assertThat(d.has(key)).as(dirName + "." + key).isTrue();
            }
            long ios = d.path("total_ios").asLong();
            totalIos += ios;
            assertThat(ios).isPositive();
            assertThat(d.path("io_bytes").asLong()).isEqualTo(ios * job.bs());
            // runtime is whole milliseconds (fio's unit), cut down from the exact time bw_bytes is based on
            long ms = d.path("runtime").asLong();
            double bytes = d.path("io_bytes").asLong();
            assertThat(d.path("bw_bytes").asDouble()).isBetween(bytes * 1000 / (ms + 1) - 1, bytes * 1000 / ms + 1);
            assertThat(d.path("bw").asLong())
                    .isEqualTo(Math.round(d.path("bw_bytes").asDouble() / 1024));
            JsonNode clat = d.path("clat_ns");
            JsonNode pct = clat.path("percentile");
            assertThat(pct.has("99.000000")).isTrue();
            assertThat(pct.has("50.000000")).isTrue();
            assertThat(pct.has("99.900000")).isTrue();
            assertThat(clat.path("N").asLong()).isEqualTo(ios);
            assertThat(clat.path("min").asLong())
                    .isLessThanOrEqualTo(pct.path("50.000000").asLong());
            assertThat(pct.path("50.000000").asLong())
                    .isLessThanOrEqualTo(pct.path("99.000000").asLong());
            assertThat(pct.path("99.000000").asLong())
                    .isLessThanOrEqualTo(clat.path("max").asLong() * 1001 / 1000);
        }
        assertThat(totalIos).isEqualTo(job.size() / job.bs());
        JsonNode lab = j.path("dio-lab");
        assertThat(lab.path("mode").asString()).isEqualTo("direct");
        assertThat(lab.path("mirrors").asInt()).isEqualTo(2);
        assertThat(lab.path("races").path("mirror_blocks_compared").asLong()).isEqualTo(job.size() / 4096);
        assertThat(lab.path("machine").path("kernel").asString()).isNotBlank();
        assertThat(lab.path("machine").path("filesystem").path("type").asString())
                .isNotBlank();
        assertThat(lab.path("page_cache").path("total_pages").asLong()).isEqualTo(2 * job.size() / 4096);
    }

    @Test
    void timeBasedJobsCarryRuntimeAndSamples() {
        JobSpec job = LiveTestSupport.small()
                .name("tb")
                .rw(RwPattern.READ)
                .runtime(Duration.ofMillis(300))
                .build();
        JobResult r = LiveTestSupport.run(dir, job);
        JsonNode j = JsonMapper.builder()
                .build()
                .readTree(FioJsonReport.render(List.of(r)))
                .path("jobs")
                .path(0);
        assertThat(j.path("job options").path("time_based").asString()).isEqualTo("1");
        assertThat(j.path("read").path("runtime").asLong()).isBetween(300L, 5_000L);
        assertThat(j.path("read").path("bw_samples").asInt()).isGreaterThanOrEqualTo(3);
        assertThat(j.path("write").path("total_ios").asLong()).isZero();
        assertThat(j.path("write").path("clat_ns").has("percentile")).isFalse();
        long sampled = 0;
        for (JsonNode s : j.path("dio-lab").path("bw_samples")) {
            sampled += s.path("read_bytes").asLong();
        }
        assertThat(sampled).isEqualTo(j.path("read").path("io_bytes").asLong());
    }
}
