package org.diolab.app;

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
    private ModelRatios() {
    }

    /** The machine the table's {@code machine} key names, if any. */
    public static Optional<MachineCosts> machine(SeedNumbers t) {
        return t.machine() == null ? Optional.empty() : MachineCosts.preset(t.machine());
    }

    /** The model's ratio of {@code row} to the table's first row, when both name a model path. */
    public static OptionalDouble ratio(SeedNumbers t, SeedNumbers.Row row) {
        Optional<MachineCosts> m = machine(t);
        Optional<IoPath> base = path(t.rows().getFirst());
        Optional<IoPath> path = path(row);
        if (m.isEmpty() || base.isEmpty() || path.isEmpty()) {
            return OptionalDouble.empty();
        }
        boolean hw = !"sw".equals(t.crc());
        double p = path.get().pipeline(m.get(), hw).throughput();
        double b = base.get().pipeline(m.get(), hw).throughput();
        return OptionalDouble.of(p / b);
    }

    public static Optional<IoPath> path(SeedNumbers.Row row) {
        return row.model() == null ? Optional.empty() : IoPath.byId(row.model());
    }
}
