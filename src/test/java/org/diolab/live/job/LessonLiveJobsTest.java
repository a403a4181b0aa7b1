package org.diolab.live.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.diolab.lesson.Lesson;
import org.diolab.lesson.LessonLoader;
import org.diolab.lesson.LiveExperiment;
import org.junit.jupiter.api.Test;

/** Every lesson's live experiment is a job the live engine accepts, with the options the lesson wrote. */
class LessonLiveJobsTest {
    @Test
    void everyLessonsLiveJobsParse() {
        int jobs = 0;
        for (Lesson l : LessonLoader.loadBundled().lessons()) {
            if (l.live() == null) {
                continue;
            }
            for (LiveExperiment.LiveJob j : l.live().jobs()) {
                JobSpec spec = JobArgs.parse(j.name(), j.args());
                assertThat(spec.name()).as(l.id()).isEqualTo(JobArgs.slug(j.name()));
                jobs++;
            }
        }
        assertThat(jobs).isGreaterThan(10);
    }

    @Test
    void aLessonsLiveJobCanNameAnEngineAndADepth() {
        JobSpec s = JobArgs.parse(
                "s000",
                List.of("--rw", "randread", "--bs", "64k", "--size", "64m", "--ioengine", "libaio", "--iodepth", "64"));
        assertThat(s.engine().engine()).isEqualTo(Engine.LIBAIO);
        assertThat(s.depth()).isEqualTo(64);
        assertThatThrownBy(() -> JobArgs.parse("x", List.of("--ioengine", "libaio", "--iodepth", "2000")))
                .isInstanceOf(LiveRefusal.class)
                .hasMessageContaining("use 1 to 1024");
    }

    @Test
    void benchOptionsBecomeTheSameJobSpec() {
        JobSpec s = JobArgs.parse(
                "mirrors",
                List.of(
                        "--rw",
                        "write",
                        "--bs",
                        "64k",
                        "--size",
                        "16m",
                        "--mode",
                        "bounce",
                        "--mirrors",
                        "2",
                        "--mutators",
                        "1",
                        "--verify",
                        "--csum-impl",
                        "sw",
                        "--csum",
                        "sync"));
        assertThat(s.rw()).isEqualTo(RwPattern.WRITE);
        assertThat(s.bs()).isEqualTo(64 * 1024);
        assertThat(s.size()).isEqualTo(16L << 20);
        assertThat(s.mode()).isEqualTo(Mode.BOUNCE);
        assertThat(s.mirrors()).isEqualTo(2);
        assertThat(s.mutators()).isEqualTo(1);
        assertThat(s.verify()).isTrue();
        assertThat(s.csumImpl()).isEqualTo(CsumImpl.SW);
        assertThat(JobArgs.parse("d", List.of("--rw", "read")).mode())
                .as("bench's default")
                .isEqualTo(Mode.DIRECT);
        assertThat(JobArgs.parse("t", List.of("--runtime", "2s")).timeBased()).isTrue();
        assertThat(JobArgs.slug("checksums, then write (hw CRC32C)")).isEqualTo("checksums-then-write-hw-crc32c");
    }

    @Test
    void aBadOptionIsRefusedWithItsName() {
        assertThatThrownBy(() -> JobArgs.parse("x", List.of("--colour", "red")))
                .isInstanceOf(LiveRefusal.class)
                .hasMessageContaining("option 'colour' is not supported");
        assertThatThrownBy(() -> JobArgs.parse("x", List.of("write")))
                .isInstanceOf(LiveRefusal.class)
                .hasMessageContaining("expected an option like --bs");
    }
}
