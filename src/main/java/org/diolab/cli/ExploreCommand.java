package org.diolab.cli;

import java.io.PrintWriter;
import org.diolab.engine.Simulator;
import org.diolab.engine.explore.ExploreLimits;
import org.diolab.engine.explore.ExploreResult;
import org.diolab.engine.explore.Explorer;
import org.diolab.engine.op.Policy;
import org.diolab.lesson.Lesson;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code dio-lab explore <lesson> [--policy P] [--format text|json] [--max-states N]}: every interleaving of the
 * lesson's scenario, and the shortest schedule that breaks each invariant. The wall-clock time is measured here, since
 * the engine reads no clock.
 */
@Command(name = "explore", mixinStandardHelpOptions = true,
        description = "Explore every interleaving of a lesson's scenario; report the shortest schedule that breaks "
                + "each invariant, deadlocks with their wait-for cycle, and the number of states and interleavings.")
final class ExploreCommand implements Runnable {
    @Mixin
    LessonRunOptions options;

    @Option(names = "--max-states", paramLabel = "N", defaultValue = "" + ExploreLimits.DEFAULT_MAX_STATES,
            description = "Stop after N distinct states and say so (default: ${DEFAULT-VALUE}).")
    int maxStates;

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        OutputFormat fmt = options.format();
        if (maxStates < 1) {
            throw new UserError("--max-states must be at least 1, not " + maxStates);
        }
        Lesson lesson = options.lesson();
        Policy p = options.policy(lesson);
        Simulator sim = lesson.simulator(p);
        long start = System.nanoTime();
        ExploreResult result = Explorer.explore(sim, ExploreLimits.maxStates(maxStates));
        long millis = (System.nanoTime() - start) / 1_000_000;
        PrintWriter out = spec.commandLine().getOut();
        switch (fmt) {
            case TEXT -> out.print(ExploreText.render(lesson, sim, result, millis, maxStates));
            case JSON -> out.println(ExploreJson.render(lesson, p, result, millis, maxStates));
        }
    }
}
