package org.diolab.cli;

import java.util.StringJoiner;
import org.diolab.engine.Simulator;
import org.diolab.engine.explore.Counterexample;
import org.diolab.engine.explore.ExploreResult;
import org.diolab.engine.explore.Reduction;
import org.diolab.engine.explore.Replay;
import org.diolab.lesson.Lesson;

/**
 * {@code explore --format text}: the counts, then each broken invariant with its shortest schedule spelled as
 * {@code actor.step} ({@link Replay#spelled}: "app.submit → leg0.dma" rather than "app → leg0").
 */
final class ExploreText {
    private ExploreText() {}

    static String render(Lesson lesson, Simulator sim, ExploreResult r, long millis, int maxStates) {
        StringJoiner out = new StringJoiner("\n", "", "\n");
        out.add(lesson.title() + "  [" + lesson.id() + ", " + lesson.seedLabel() + "]");
        out.add("policy: " + sim.policy().id() + " — " + sim.policy().summary());
        out.add(String.format(
                "explored %,d states, %s complete interleavings, in %d ms",
                r.states(), r.interleavings().describe(), millis));
        if (r.reduction() != Reduction.NONE) {
            out.add(String.format(
                    "(partial-order reduction: one order of the steps that commute is followed%s; "
                            + "%,d more states searched to prove the schedules shortest; --reduction none for every order)",
                    r.reduction() == Reduction.PERSISTENT_SETS_AND_SYMMETRY
                            ? ", one state of those that differ only in which interchangeable thread is which"
                            : "",
                    r.shortestStates()));
        }
        switch (r.completion()) {
            case COMPLETE -> {}
            case STATE_BUDGET ->
                out.add("STOPPED at the state budget (--max-states " + maxStates + "): the results "
                        + "cover only the states explored; raise --max-states to explore them all.");
            case MEMORY_BUDGET ->
                out.add("STOPPED with the heap nearly full: the results cover only the states "
                        + "explored; give the JVM more heap (java -Xmx...) to explore them all.");
            case CANCELLED -> out.add("CANCELLED: the results cover only the states explored.");
        }
        out.add("");
        if (r.violations().isEmpty()) {
            out.add(
                    r.complete()
                            ? "No invariant broken under " + sim.policy().id() + " in any interleaving."
                            : "No invariant broken in the states explored.");
        }
        for (Counterexample c : r.violations()) {
            out.add("✗ " + c.invariant() + " — "
                    + (c.shortest()
                            ? "shortest schedule, "
                            : "a schedule (the search " + "stopped before proving none is shorter), ")
                    + c.schedule().size() + " steps:");
            out.add("    " + Replay.spelled(sim, c.schedule()));
            out.add("    " + c.detail());
        }
        return out.toString();
    }
}
