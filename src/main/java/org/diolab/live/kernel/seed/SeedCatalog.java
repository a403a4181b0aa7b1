package org.diolab.live.kernel.seed;

import static org.diolab.live.kernel.seed.SeedTable.Metric.BANDWIDTH;
import static org.diolab.live.kernel.seed.SeedTable.Metric.READ_BANDWIDTH;
import static org.diolab.live.kernel.seed.SeedTable.Metric.READ_IOPS;
import static org.diolab.live.kernel.seed.SeedTable.Metric.READ_LATENCY;
import static org.diolab.live.kernel.seed.SeedTable.Metric.WRITE_BANDWIDTH;
import static org.diolab.live.kernel.seed.SeedTable.Metric.WRITE_IOPS;
import static org.diolab.live.kernel.seed.SeedTable.Metric.WRITE_LATENCY;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The seeds' measured tables, as the threads give them (the fact sheet's numbers; the labels are the lessons' cases),
 * each row tied to what measures it here. S004's first table is a formula, not a measurement, so it is not here.
 */
public final class SeedCatalog {
    private SeedCatalog() {}

    /** The seeds {@code kernel-lab seed-tables} knows, in its order. */
    public static final List<String> SEEDS = List.of("S000", "S003", "S002", "S004");

    private static final String S002_COMMAND = "fio -name=parallel_dio_reads_test -filename=/mnt/nvme0n1/testfile"
            + " -direct=1 -iodepth=1 -thread -rw=randrw -ioengine=psync -bs=$bs -size=20G -numjobs=8 -runtime=600"
            + " -group_reporting";

    /** S002's figures by block size: READ w/, READ w/o, WRITE w/, WRITE w/o, for bandwidth, IOPS and latency. */
    private static final String[] S002_BS = {"4k", "16k", "64k", "512k", "1M"};

    private static final SeedCase[] S002_CASES = {
        SeedCase.S002_4K, SeedCase.S002_16K, SeedCase.S002_64K, SeedCase.S002_512K, SeedCase.S002_1M
    };
    private static final double[][] S002_KBS = {
        {30898, 117915, 30875, 117854},
        {58961, 218409, 58877, 218257},
        {119396, 422815, 119159, 421619},
        {392973, 590266, 393165, 590554},
        {487779, 593927, 485592, 591265}
    };
    private static final double[][] S002_IOPS = {
        {7724, 29478, 7718, 29463},
        {3685, 13650, 3679, 13641},
        {1865, 6606, 1861, 6587},
        {767, 1152, 767, 1153},
        {476, 580, 474, 577}
    };
    private static final double[][] S002_LAT = {
        {555.00, 248.18, 479.70, 21.91},
        {835.28, 554.46, 1335.98, 29.22},
        {1759.38, 1146.05, 2532.26, 60.72},
        {5046.35, 4312.01, 5359.86, 2606.82},
        {8058.55, 7623.63, 8630.51, 6163.42}
    };

    /** Every table of {@code seed} ("S002" has three: bandwidth, IOPS, latency). */
    public static List<SeedTable> of(String seed) {
        return switch (seed.toUpperCase(Locale.ROOT)) {
            case "S000" -> List.of(s000());
            case "S003" -> List.of(s003());
            case "S002" -> s002();
            case "S004" -> List.of(s004());
            default -> throw new IllegalArgumentException("unknown seed " + seed + "; choose from " + SEEDS);
        };
    }

    static SeedTable s000() {
        return new SeedTable(
                "S000",
                "fio random 64 KiB direct reads from btrfs, queue depth 64",
                "fio --name=randread --ioengine=libaio --size=4G --rw=randread --bs=64k --iodepth=64 --runtime=60"
                        + " --time_based --direct=1",
                "VM with 10 vCPUs (host-passthrough), 8G RAM, cache=none, DRAM-less 1T PCIe4 SSD",
                "MiB/s",
                List.of(
                        SeedTable.Row.of("Nodatasum, zero-copy (baseline)", 988, SeedCase.S000_NODATASUM, BANDWIDTH),
                        SeedTable.Row.of("Datasum, zero-copy (unpatched)", 853, SeedCase.S000_DATASUM, BANDWIDTH),
                        SeedTable.Row.of("Datasum, bounce (patched)", 794, SeedCase.S000_BOUNCE, BANDWIDTH)));
    }

    static SeedTable s003() {
        return new SeedTable(
                "S003",
                "dd of 4 GiB in 1 MiB O_DIRECT writes to btrfs",
                "dd if=/dev/zero bs=1M of=/mnt/btrfs/foobar count=4096 oflag=direct",
                "VM with 10 GiB RAM, one PCIe gen3 NVMe SSD, qemu cache=none; kvm64 CPU model (CRC32C unaccelerated)",
                "GB/s",
                List.of(
                        SeedTable.Row.of("Raw disk", 2.4, SeedCase.S003_RAW, WRITE_BANDWIDTH),
                        SeedTable.Row.of(
                                "Buffered fallback (datasum, unpatched)",
                                0.207,
                                SeedCase.DATASUM_WRITE,
                                WRITE_BANDWIDTH),
                        SeedTable.Row.of(
                                "True zero-copy (nodatasum, unpatched)", 2.2, SeedCase.S003_NODATASUM, WRITE_BANDWIDTH),
                        SeedTable.Row.of(
                                "Bounce then zero-copy (nodatasum, patched)",
                                1.7,
                                SeedCase.S003_BOUNCE,
                                WRITE_BANDWIDTH),
                        SeedTable.Row.hereOnly(
                                "RAID1, nodatasum (7c2830f00c3e's profile fallback)",
                                SeedCase.S003_RAID1,
                                WRITE_BANDWIDTH)));
    }

    static List<SeedTable> s002() {
        return List.of(
                s002(
                        "Bandwidth: with parallel DIO reads (w/) and reverted (w/o)",
                        "KB/s",
                        S002_KBS,
                        READ_BANDWIDTH,
                        WRITE_BANDWIDTH),
                s002("IOPS: with parallel DIO reads (w/) and reverted (w/o)", "IOPS", S002_IOPS, READ_IOPS, WRITE_IOPS),
                s002(
                        "Average latency: with parallel DIO reads (w/) and reverted (w/o)",
                        "us",
                        S002_LAT,
                        READ_LATENCY,
                        WRITE_LATENCY));
    }

    /** Both kernels of the seed's rows ("w/", "w/o") are this kernel's one run at the block size. */
    private static SeedTable s002(
            String title, String unit, double[][] values, SeedTable.Metric read, SeedTable.Metric write) {
        List<SeedTable.Row> rows = new ArrayList<>();
        for (int i = 0; i < S002_BS.length; i++) {
            String bs = S002_BS[i];
            rows.add(SeedTable.Row.of(bs + " READ w/", values[i][0], S002_CASES[i], read));
            rows.add(SeedTable.Row.of(bs + " READ w/o", values[i][1], S002_CASES[i], read));
            rows.add(SeedTable.Row.of(bs + " WRITE w/", values[i][2], S002_CASES[i], write));
            rows.add(SeedTable.Row.of(bs + " WRITE w/o", values[i][3], S002_CASES[i], write));
        }
        return new SeedTable("S002", title, S002_COMMAND, "Intel P3600 NVMe, kernel 5.2.0", unit, rows);
    }

    static SeedTable s004() {
        return new SeedTable(
                "S004",
                "Measured: 1 MiB direct writes of 7 GiB into a checksummed btrfs file (falling back to buffered)",
                "1 MiB block size, 7 GiB written with direct I/O into a btrfs mount with data checksums; the tool is"
                        + " not named",
                "Zen5 (HX 370) host; VM with 4 GiB memory and 10 vCPUs; storage backed by a PCIe gen3 x4 NVMe",
                "MiB/s",
                List.of(
                        SeedTable.Row.of("Vanilla datasum", 1619.97, SeedCase.S004_VANILLA, WRITE_BANDWIDTH),
                        SeedTable.Row.of("Patched datasum", 1792.26, SeedCase.S004_ASYNC, WRITE_BANDWIDTH)));
    }
}
