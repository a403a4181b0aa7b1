package org.diolab.live.kernel.trace.meaning;

import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * One picked stretch of a recording: a failed call (or a finding, a log line) with every moment from its begin to
 * its end on every column that took part, in order.
 *
 * @param operation the call, when the stretch is one; null for a log line or a kernel error without a call
 * @param stores    the scribbler's passes over the buffer that overlap the stretch (a pass may begin before it)
 * @param truncated true when the stretch had more moments than a failure keeps ({@link FailurePicker#MAX_MOMENTS})
 */
public record Failure(
        FailureKind kind,
        @Nullable Operation operation,
        long fromNanos,
        long toNanos,
        List<Moment> moments,
        List<Column> columns,
        List<StorePass> stores,
        boolean truncated) {
    public Failure {
        moments = List.copyOf(moments);
        stores = List.copyOf(stores);
        columns = List.copyOf(columns);
    }

    public Optional<Operation> call() {
        return Optional.ofNullable(operation);
    }

    /** The moments of one step, e.g. every DMA start inside the failed read. */
    public List<Moment> of(Step step) {
        return moments.stream().filter(m -> m.step() == step).toList();
    }

    /** "read failed with EIO: read 65536 B at 1048576 of datasum → EIO, 412 µs, 3 columns". */
    public String summary() {
        return kind.words() + (operation == null ? "" : ": " + operation.describe()) + ", "
                + (toNanos - fromNanos) / 1000 + " µs, " + columns.size() + " column(s), " + moments.size()
                + " event(s)" + (truncated ? " (cut)" : "");
    }
}
