package org.diolab.app.numbers;

import java.util.Optional;
import java.util.OptionalDouble;
import org.diolab.lesson.SeedNumbers;
import org.diolab.perf.IoPath;
import org.diolab.perf.MachineCosts;

/**
 * The perf model's prediction for a seed table's rows, as ratios to the table's first row — the only form in which a
 * VM's numbers, the model and this machine can be compared.
 */
public final class ModelRatios {
    private ModelRatios() {}

    /** The machine the table's {@code machine} key names, if any. */
    public static Optional<MachineCosts> machine(SeedNumbers t) {
        return t.machine() == null ? Optional.empty() : MachineCosts.preset(t.machine());
    }

    /** The model's ratio of {@code row} to the table's first row on the seed's machine, when both name a path. */
    public static OptionalDouble ratio(SeedNumbers t, SeedNumbers.Row row) {
        return machine(t).map(m -> ratio(t, row, m, !"sw".equals(t.crc()))).orElse(OptionalDouble.empty());
    }

    /** The same on machine {@code m}; {@code hwCrc}: whether CRC32C runs with the CPU's instructions there. */
    public static OptionalDouble ratio(SeedNumbers t, SeedNumbers.Row row, MachineCosts m, boolean hwCrc) {
        Optional<IoPath> base = path(t.rows().getFirst());
        Optional<IoPath> path = path(row);
        if (base.isEmpty() || path.isEmpty()) {
            return OptionalDouble.empty();
        }
        double p = path.get().pipeline(m, hwCrc).throughput();
        double b = base.get().pipeline(m, hwCrc).throughput();
        return OptionalDouble.of(p / b);
    }

    public static Optional<IoPath> path(SeedNumbers.Row row) {
        return row.model() == null ? Optional.empty() : IoPath.byId(row.model());
    }
}
