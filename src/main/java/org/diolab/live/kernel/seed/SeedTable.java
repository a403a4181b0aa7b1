package org.diolab.live.kernel.seed;

import java.util.List;
import java.util.OptionalDouble;

/**
 * One of a seed thread's tables as the thread gives it, and what each row measures here: the labels are the lessons'
 * own (so the app can put this kernel's column beside a lesson's table), the values the seed's.
 *
 * @param seed    "S000"
 * @param title   what the table measured
 * @param command the seed's own command line
 * @param machine the seed's machine, as the thread describes it
 * @param unit    the unit of the seed's values and of this kernel's ("MiB/s", "GB/s", "KB/s", "IOPS", "us")
 * @param rows    the seed's rows in its order, then any row only this kernel has
 */
public record SeedTable(String seed, String title, String command, String machine, String unit, List<Row> rows) {
    public SeedTable {
        rows = List.copyOf(rows);
    }

    /** What a row reads from a measured case: a direction's bandwidth, its IOPS or its mean completion latency. */
    public enum Metric {
        /** Read plus write bytes per second, in the table's unit. */
        BANDWIDTH,
        READ_BANDWIDTH,
        WRITE_BANDWIDTH,
        READ_IOPS,
        WRITE_IOPS,
        READ_LATENCY,
        WRITE_LATENCY
    }

    /**
     * A row: the seed's value (absent for a row only this kernel has), the case it is measured by here ({@link
     * SeedCase}), and which figure of that case.
     */
    public record Row(String label, OptionalDouble seedValue, SeedCase measuredBy, Metric metric) {
        static Row of(String label, double seedValue, SeedCase c, Metric m) {
            return new Row(label, OptionalDouble.of(seedValue), c, m);
        }

        static Row hereOnly(String label, SeedCase c, Metric m) {
            return new Row(label, OptionalDouble.empty(), c, m);
        }
    }
}
