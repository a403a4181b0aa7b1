package org.diolab.app.stage.cast;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.diolab.engine.Simulator;
import org.diolab.engine.Trace;
import org.diolab.engine.step.Instr;

/**
 * Builds the stage's cast for the run on show. The lesson's script under a policy gets its own cast (objects never on
 * show together may share a place). A replayed or learner's run is cast together with the script, without sharing,
 * and keeps its cast as long as it shows nothing new — so the stage does not move while the learner schedules.
 */
public final class StageCasting {
    private StageCasting() {}

    /**
     * @param script   the lesson's scripted run under the current policy
     * @param run      the run on show (the script itself, a replay, or the learner's)
     * @param previous the cast on show, reused when it still fits
     */
    public static StageCast cast(
            Simulator sim, Trace script, Trace run, StageCast previous, UnaryOperator<String> titles, boolean locks) {
        boolean scripted = run == script;
        if (!scripted && previous != null && previous.traces() == 2 && previous.covers(run)) {
            return previous;
        }
        List<Trace> traces = scripted ? List.of(script) : List.of(script, run);
        return StageCast.of(traces, actors(sim, traces, titles), locks, scripted);
    }

    /** A thread's title by id, as the scenario names it (the id itself for anything else). */
    public static UnaryOperator<String> threadTitles(org.diolab.engine.Scenario scenario) {
        return actor -> scenario.threads().stream()
                .filter(t -> t.id().equals(actor))
                .findFirst()
                .map(org.diolab.engine.ActorSpec::title)
                .orElse(actor);
    }

    /** Whether the run takes i_rwsem or i_dio_count (the ext4 lessons), so the inode is worth a card. */
    public static boolean usesLocks(Simulator sim) {
        return sim.actors().stream()
                .filter(a -> !sim.isDevice(a))
                .flatMap(a -> sim.program(a).stream())
                .anyMatch(i -> i instanceof Instr.LockRequest || i instanceof Instr.DioBegin);
    }

    /** The stage's cast of one finished run on its own (exports, galleries). */
    public static StageCast of(Simulator sim, Trace run, UnaryOperator<String> titles) {
        return cast(sim, run, run, null, titles, usesLocks(sim));
    }

    private static List<CastActor> actors(Simulator sim, List<Trace> traces, UnaryOperator<String> titles) {
        List<String> actors = sim.actors();
        List<Set<String>> notes = new ArrayList<>();
        actors.forEach(a -> notes.add(new LinkedHashSet<>()));
        List<ActorLane> sample = List.of();
        for (Trace t : traces) {
            LanePaths paths = new LanePaths(sim, t, titles);
            for (int k = 0; k < t.size(); k++) {
                sample = paths.at(k);
                for (int i = 0; i < actors.size(); i++) {
                    notes.get(i).add(sample.get(i).shortNote());
                }
            }
        }
        List<CastActor> out = new ArrayList<>();
        for (int i = 0; i < actors.size(); i++) {
            String a = actors.get(i);
            List<String> program = sim.isDevice(a)
                    ? List.of()
                    : sim.program(a).stream().map(Instr::label).toList();
            out.add(new CastActor(a, sample.get(i).title(), sample.get(i).role(), program, List.copyOf(notes.get(i))));
        }
        return out;
    }
}
