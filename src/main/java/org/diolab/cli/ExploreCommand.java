package org.diolab.cli;

import java.io.PrintWriter;
import java.util.Arrays;
import org.diolab.engine.Simulator;
import org.diolab.engine.explore.ExploreLimits;
import org.diolab.engine.explore.ExploreResult;
import org.diolab.engine.explore.Explorer;
import org.diolab.engine.explore.Reduction;
import org.diolab.engine.op.Policy;
import org.diolab.lesson.Lesson;
import org.diolab.live.probe.HeapGauge;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code dio-lab explore <lesson> [--policy P] [--format text|json] [--max-states N] [--reduction R]}: every
 * interleaving of the lesson's scenario, and the shortest schedule that breaks each invariant. The wall-clock time is
 * measured here, since the engine reads no clock; so is the heap, which the search may fill only up to a share.
 */
@Command(
        name = "explore",
        mixinStandardHelpOptions = true,
        description = "Explore every interleaving of a lesson's scenario; report the shortest schedule that breaks "
                + "each invariant, deadlocks with their wait-for cycle, and the number of states and interleavings.")
final class ExploreCommand implements Runnable {
    @Mixin
    LessonRunOptions options;

    @Option(
            names = "--max-states",
            paramLabel = "N",
            description = "Stop after N distinct states and say so (default: as many as three quarters of the heap "
                    + "hold, about 1,100 per MiB of -Xmx). The search also stops, and says so, when the heap is "
                    + "three quarters full.")
    Integer maxStates;

    @Option(
            names = "--reduction",
            paramLabel = "R",
            defaultValue = "persistent-sets+symmetry",
            description = "persistent-sets+symmetry (default): follow one order of the steps that commute and keep one "
                    + "of the states that differ only in which of some interchangeable threads is which, far fewer "
                    + "states, the same findings and shortest schedules; persistent-sets: the orders only; none: every "
                    + "order of every state (exact interleaving count).")
    String reduction;

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        OutputFormat fmt = options.format();
        HeapGauge heap = HeapGauge.jvm();
        int budget = maxStates != null ? maxStates : heap.stateBudget();
        if (budget < 1) {
            throw new UserError("--max-states must be at least 1, not " + budget);
        }
        Reduction r = Arrays.stream(Reduction.values())
                .filter(x -> x.id().equals(reduction))
                .findFirst()
                .orElseThrow(() -> new UserError("unknown reduction '" + reduction + "'. Reductions: "
                        + String.join(
                                ", ",
                                Arrays.stream(Reduction.values())
                                        .map(Reduction::id)
                                        .toList())));
        Lesson lesson = options.lesson();
        Policy p = options.policy(lesson);
        Simulator sim = lesson.simulator(p);
        long start = System.nanoTime();
        ExploreResult result =
                Explorer.explore(sim, ExploreLimits.maxStates(budget).withMemoryGauge(heap), r);
        long millis = (System.nanoTime() - start) / 1_000_000;
        PrintWriter out = spec.commandLine().getOut();
        switch (fmt) {
            case TEXT -> out.print(ExploreText.render(lesson, sim, result, millis, budget));
            case JSON -> out.println(ExploreJson.render(lesson, p, result, millis, budget));
        }
    }
}
