package org.diolab.engine;

import java.util.Optional;
import org.diolab.engine.op.Operation;

/**
 * The largest scenario the simulator takes. Each page of an I/O is its own update of the world, and each update
 * copies the world's page table, so one step of an I/O of n pages costs n times the pages there are: an I/O of 11,000
 * pages took seconds per step and filled 256 MiB in one played run. 1,024 pages (4 MiB) is far beyond any lesson
 * (they use one to four) and keeps such a step at a few milliseconds. Everything else grows linearly and is bounded
 * by the run's own budgets ({@link TraceBuilder#MAX_WORLD_ENTRIES}, the explorer's state budget).
 */
public final class ScenarioSize {
    /** Pages (or blocks) one operation may cover. */
    public static final int MAX_PAGES_PER_IO = 1024;

    private ScenarioSize() {}

    /** What is too large in {@code s}, in one line, or empty. */
    public static Optional<String> problem(Scenario s) {
        for (ActorSpec t : s.threads()) {
            for (Operation op : t.ops()) {
                int pages = pages(op);
                if (pages > MAX_PAGES_PER_IO) {
                    return Optional.of(tooMany(op.name() + " of " + t.id(), pages));
                }
            }
        }
        return Optional.empty();
    }

    /** The one line for an I/O of {@code pages} pages, {@code what} naming it. */
    public static String tooMany(String what, int pages) {
        return String.format(
                "%s covers %,d pages; the simulator models I/Os of at most %,d pages (4 MiB): split it into several",
                what, pages, MAX_PAGES_PER_IO);
    }

    static void check(Scenario s) {
        problem(s).ifPresent(p -> {
            throw new TooLarge(p);
        });
    }

    private static int pages(Operation op) {
        return switch (op) {
            case Operation.DioWrite w -> w.pages().size();
            case Operation.DioRead r -> r.pages().size();
            case Operation.BufferedWrite b -> b.pages().size();
            case Operation.Writeback w -> w.count();
            case Operation.Pinned p -> pages(p.op());
            default -> 1;
        };
    }
}
