package org.diolab.live.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** fio's bssplit, blockalign, random_distribution, rate_process and io_submit_mode, as job files give them. */
class AccessOptionsTest {
    private static JobSpec job(String options) {
        return FioJobFile.parse("[j]\n" + options.replace(' ', '\n') + "\n", "t.fio")
                .jobs()
                .getFirst();
    }

    @Test
    void bssplitTakesWeightedSizesAndTheLargestIsTheBufferSize() {
        JobSpec j = job("rw=randread size=64m bssplit=4k/10:64k/50:32k/40");
        assertThat(j.access().split().reads())
                .containsExactly(
                        new BlockSizeSplit.Share(4096, 10),
                        new BlockSizeSplit.Share(65536, 50),
                        new BlockSizeSplit.Share(32768, 40));
        assertThat(j.access().split().writes()).isEqualTo(j.access().split().reads());
        assertThat(j.bs()).isEqualTo(65536);
        assertThat(j.access().unit(j.bs())).isEqualTo(4096);
    }

    @Test
    void blankPercentagesShareWhatTheOthersLeaveAsFioSays() {
        // the HOWTO's own example: 50% 4k, and 25% each for 1k and 32k (buffered: sizes below 4k are fine there)
        JobSpec j = job("size=64m bssplit=4k/50:1k/:32k/");
        assertThat(j.access().split().reads().stream().map(BlockSizeSplit.Share::percent))
                .containsExactly(50, 25, 25);
        // a rest that does not divide evenly: the last blank takes the odd point, so the split adds up
        JobSpec odd = job("size=64m bssplit=4k/:8k/:16k/");
        assertThat(odd.access().split().reads().stream()
                        .mapToInt(BlockSizeSplit.Share::percent)
                        .sum())
                .isEqualTo(100);
    }

    @Test
    void readsAndWritesCanHaveTheirOwnSplit() {
        JobSpec j = job("rw=randrw size=64m bssplit=8k/50:4k/50,4k/90:8k/10");
        assertThat(j.access().split().writes())
                .containsExactly(new BlockSizeSplit.Share(4096, 90), new BlockSizeSplit.Share(8192, 10));
        assertThat(j.access().split().fioText()).isEqualTo("8k/50:4k/50,4k/90:8k/10");
    }

    @Test
    void aSplitThatDoesNotAddUpOrThatDirectIoCannotTakeIsRefusedInOneLine() {
        assertThatThrownBy(() -> job("size=64m bssplit=4k/60:8k/60"))
                .hasMessageContaining("add up to 120, more than 100")
                .hasMessageStartingWith("t.fio:3:");
        assertThatThrownBy(() -> job("size=64m bssplit=4k/60:8k/30")).hasMessageContaining("add up to 90, not 100");
        assertThatThrownBy(() -> job("direct=1 size=64m bssplit=1000/10:4k/90"))
                .hasMessageContaining("bssplit size 1000 is not a multiple of 512");
        // 512 B is what a logical block allows: the file's own alignment is checked when the job runs
        assertThat(job("direct=1 size=64m bssplit=512/10:4k/90")
                        .access()
                        .split()
                        .sizes())
                .contains(512L);
        assertThatThrownBy(() -> job("size=64m csum=sync bssplit=512/10:4k/90"))
                .hasMessageContaining("bssplit size 512 is not a multiple of 4096; checksums");
        assertThatThrownBy(() -> job("size=100k bssplit=4k/50:64k/50"))
                .hasMessageContaining("not a multiple of bs 64k");
        assertThatThrownBy(() -> job("size=64m bssplit=4k/50,8k/50,4k/100")).hasMessageContaining("trims are not run");
        assertThat(job("size=64m bssplit=4k/50:8k/50").toString()).doesNotContain("\n");
    }

    @Test
    void randomDistributionsReadAsFioDefinesThem() {
        assertThat(job("random_distribution=zipf:1.2").access().distribution())
                .isEqualTo(new RandomDistribution.Zipf(1.2, RandomDistribution.NO_CENTER));
        assertThat(job("random_distribution=zipf").access().distribution())
                .isEqualTo(new RandomDistribution.Zipf(1.1, RandomDistribution.NO_CENTER));
        assertThat(job("random_distribution=pareto:0.9:0.25").access().distribution())
                .isEqualTo(new RandomDistribution.Pareto(0.9, 0.25));
        assertThat(job("random_distribution=normal:10").access().distribution())
                .isEqualTo(new RandomDistribution.Normal(10, RandomDistribution.NO_CENTER));
        assertThat(job("random_distribution=gauss:5").access().distribution())
                .isEqualTo(new RandomDistribution.Normal(5, RandomDistribution.NO_CENTER));
        // fio's rand-zones.fio: the blank range is the rest of the file
        RandomDistribution z =
                job("random_distribution=zoned:50/5:30/15:20/").access().distribution();
        assertThat(z)
                .isEqualTo(new RandomDistribution.Zoned(
                        List.of(
                                new RandomDistribution.Zone(50, 5),
                                new RandomDistribution.Zone(30, 15),
                                new RandomDistribution.Zone(20, 80)),
                        false));
        assertThat(z.fioText()).isEqualTo("zoned:50/5:30/15:20/80");
        assertThat(job("size=1g random_distribution=zoned_abs:60/20m:40/100m")
                        .access()
                        .distribution())
                .isEqualTo(new RandomDistribution.Zoned(
                        List.of(
                                new RandomDistribution.Zone(60, 20L << 20),
                                new RandomDistribution.Zone(40, 100L << 20)),
                        true));
    }

    @Test
    void distributionsOutOfFiosRangesAreRefusedNamingTheLimit() {
        assertThatThrownBy(() -> job("random_distribution=zipf:1")).hasMessageContaining("not 1");
        assertThatThrownBy(() -> job("random_distribution=pareto:1.5")).hasMessageContaining("between 0 and 1");
        assertThatThrownBy(() -> job("random_distribution=normal:100")).hasMessageContaining("below 100");
        assertThatThrownBy(() -> job("random_distribution=zipf:1.2:2")).hasMessageContaining("center 2");
        assertThatThrownBy(() -> job("random_distribution=zoned:50/10:40/90"))
                .hasMessageContaining("add up to 90, not 100");
        assertThatThrownBy(() -> job("random_distribution=zoned:50/60:50/60")).hasMessageContaining("120% of the file");
        assertThatThrownBy(() -> job("size=64m random_distribution=zoned_abs:50/60m:50/60m"))
                .hasMessageContaining("more than the file");
        assertThatThrownBy(() -> job("random_distribution=sequence:2,0,1")).hasMessageContaining("sequence is not run");
    }

    @Test
    void aSkewedDistributionOrABlockalignTurnsTheRandomMapOffAsInFio() {
        assertThat(job("rw=randread").access().randomMap(true, 4096)).isTrue();
        assertThat(job("rw=randread random_distribution=zipf:1.2").access().randomMap(true, 4096))
                .isFalse();
        assertThat(job("rw=randread bs=4k blockalign=8k").access().randomMap(true, 4096))
                .isFalse();
        assertThat(job("rw=randread bs=4k ba=4k").access().randomMap(true, 4096))
                .isTrue();
    }

    @Test
    void rateProcessAndSubmitModeGoWithTheRate() {
        JobSpec j = job("rw=randread rate_iops=50 rate_process=poisson io_submit_mode=offload");
        assertThat(j.pacing().readIops()).isEqualTo(50);
        assertThat(j.pacing().poisson()).isTrue();
        assertThat(j.pacing().offload()).isTrue();
        assertThat(job("rate_process=linear io_submit_mode=inline").pacing()).isEqualTo(Pacing.NONE);
        assertThatThrownBy(() -> job("io_submit_mode=sideways")).hasMessageContaining("not inline or offload");
    }

    @Test
    void dedupeAndCompressSettingsReadAsFiosAndRefuseVerify() {
        // fio's dedupe-global.fio
        JobSpec j = job("rw=write dedupe_mode=working_set dedupe_global=1 dedupe_percentage=50"
                + " buffer_compress_percentage=50 dedupe_working_set_percentage=50");
        assertThat(j.content()).isEqualTo(new BufferContent(50, true, 50, true, 50, 512));
        assertThat(job("rw=write").content()).isEqualTo(BufferContent.PATTERN);
        assertThatThrownBy(() -> job("rw=write dedupe_percentage=20 verify=crc32c"))
                .hasMessageContaining("--verify and --csum need DIO Lab's own pattern");
        assertThatThrownBy(() -> job("dedupe_mode=sometimes")).hasMessageContaining("not repeat or working_set");
    }

    @Test
    void sprandomIsRefusedAsTheDevicePreconditioningItIs() {
        assertThatThrownBy(() -> job("rw=randwrite sprandom=1")).hasMessageContaining("preconditions an SSD");
    }
}
