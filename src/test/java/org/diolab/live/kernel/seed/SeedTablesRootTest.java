package org.diolab.live.kernel.seed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.stream.Stream;
import org.diolab.live.job.CancelToken;
import org.diolab.live.kernel.KernelLab;
import org.diolab.live.kernel.lab.KernelLabRefusal;
import org.diolab.sys.MountTable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code kernel-lab seed-tables} for real, at a tiny scale: every seed's workload runs on the lab's loop volumes
 * and gives this kernel's column, and nothing is left (loop devices, mounts, files), also when cancelled. Needs root,
 * loop devices and btrfs; skips saying why otherwise.
 */
class SeedTablesRootTest {
    private Path scratch;

    @BeforeEach
    void scratch() throws IOException {
        Files.createDirectories(Path.of("target"));
        scratch = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "seed-tables")
                .toRealPath();
    }

    @AfterEach
    void nothingLeft() throws IOException {
        assertThat(MountTable.read().stream().map(MountTable.Mount::mountPoint).map(Object::toString))
                .noneMatch(m -> m.startsWith(scratch.toString()));
        assertThat(loopsBackedBy(scratch)).isEmpty();
        try (Stream<Path> s = Files.list(scratch)) {
            assertThat(s.toList())
                    .as("the lab's images, mount points and lock are gone")
                    .isEmpty();
        }
        Files.delete(scratch);
    }

    @Test
    void everySeedsWorkloadRunsOnTheLabsVolumesBesideItsTable() {
        KernelLab.unavailableReason().ifPresent(why -> assumeTrue(false, why));
        List<String> steps = new ArrayList<>();
        SeedTablesReport r = SeedTables.run(
                new SeedTablesRequest(List.of(), scratch, 16L << 20, Duration.ofMillis(300), false),
                (step, f) -> steps.add(step),
                new CancelToken());

        assertThat(r.leftBehind()).isEmpty();
        assertThat(r.tables())
                .extracting(t -> t.seed().seed() + " " + t.seed().unit())
                .containsExactly("S000 MiB/s", "S003 GB/s", "S002 KB/s", "S002 IOPS", "S002 us", "S004 MiB/s");
        SeedTablesReport.Table s000 = r.table("S000", "MiB/s").orElseThrow();
        assertThat(s000.rows().getFirst().here().orElseThrow()).isPositive();
        assertThat(s000.rows().get(1).hereRatio().orElseThrow()).isPositive();
        SeedTablesReport.Table s003 = r.table("S003", "GB/s").orElseThrow();
        assertThat(s003.rows())
                .filteredOn(x -> x.absent().isEmpty())
                .hasSize(4)
                .allSatisfy(x -> assertThat(x.here().orElseThrow()).isPositive());
        assertThat(r.table("S002", "us")
                        .orElseThrow()
                        .row("1M WRITE w/")
                        .orElseThrow()
                        .here()
                        .orElseThrow())
                .isPositive();
        assertThat(r.runs())
                .extracting(Measured::where)
                .anySatisfy(w -> assertThat(w).startsWith("a nodatasum (chattr +C) file on btrfs, data SINGLE"))
                .anySatisfy(w -> assertThat(w).contains("btrfs, data RAID1"))
                .anySatisfy(w -> assertThat(w).startsWith("the raw loop device /dev/loop"))
                .anySatisfy(w -> assertThat(w).startsWith("one file on ext4"));
        assertThat(r.runs())
                .extracting(Measured::job)
                .anySatisfy(j -> assertThat(j).startsWith("libaio randread bs=64k iodepth=64 numjobs=1, O_DIRECT"))
                .anySatisfy(j -> assertThat(j)
                        .startsWith("psync randrw bs=512k iodepth=1 numjobs=8, O_DIRECT, one" + " shared file"));
        // the raw row writes from the same kind of buffer as the file rows beside it, and says how the device took it
        Measured raw = r.runs().stream()
                .filter(m -> m.measurement() == Measurement.RAW_DEVICE_WRITE)
                .findFirst()
                .orElseThrow();
        assertThat(raw.job()).containsPattern("write requests of \\d+ KiB on average at loop\\d+");
        assertThat(r.runs())
                .filteredOn(m -> m.measurement() == Measurement.NODATASUM_WRITE)
                .singleElement()
                .satisfies(m -> assertThat(m.job()).contains("buffers of thp").contains("write requests of"));
        if (!thpOff()) {
            assertThat(raw.job()).contains("buffer of huge pages, 1 physical run");
        }
        assertThat(r.scaling()).contains("each test file 16m").contains("0.3 s per run");
        assertThat(r.tornDown()).hasSize(2);
        assertThat(steps).anySatisfy(s -> assertThat(s).contains("creating btrfs single on 2 loop device(s)"));
    }

    @Test
    void aCancelledRunTearsDownWhatItBuilt() {
        KernelLab.unavailableReason().ifPresent(why -> assumeTrue(false, why));
        CancelToken cancel = new CancelToken();
        assertThatThrownBy(() -> SeedTables.run(
                        new SeedTablesRequest(List.of("S000"), scratch, 16L << 20, Duration.ofSeconds(30), false),
                        (step, f) -> {
                            if (step.startsWith("libaio")) {
                                cancel.cancel();
                            }
                        },
                        cancel))
                .isInstanceOf(CancellationException.class);
    }

    @Test
    void anUnknownSeedIsRefusedNamingTheKnownOnes() {
        assertThatThrownBy(
                        () -> new SeedTablesRequest(List.of("S001"), scratch, 16L << 20, Duration.ofSeconds(1), true))
                .isInstanceOf(KernelLabRefusal.class)
                .hasMessage("unknown seed 'S001'; choose from S000, S003, S002, S004");
    }

    private static List<String> loopsBackedBy(Path dir) throws IOException {
        List<String> out = new ArrayList<>();
        try (Stream<Path> s = Files.list(Path.of("/sys/block"))) {
            for (Path b :
                    s.filter(p -> p.getFileName().toString().startsWith("loop")).toList()) {
                Path backing = b.resolve("loop/backing_file");
                if (Files.exists(backing) && Files.readString(backing).trim().startsWith(dir.toString())) {
                    out.add(b.getFileName().toString());
                }
            }
        }
        return out;
    }

    private static boolean thpOff() {
        try {
            return Files.readString(Path.of("/sys/kernel/mm/transparent_hugepage/enabled"))
                    .contains("[never]");
        } catch (IOException e) {
            return true;
        }
    }
}
