package org.diolab.app.stage;

import java.util.List;
import org.diolab.app.stage.cast.ActorLane;
import org.diolab.engine.Snapshot;
import org.diolab.engine.Trace;

/**
 * What the stage draws at one step: the run (so it can tell a step forward from a jump, and another run from this
 * one), the index of the step, and the actors' lanes at that step.
 */
public record StageFrame(Trace trace, int index, List<ActorLane> lanes) {
    public StageFrame {
        lanes = List.copyOf(lanes);
        if (index < 0 || index >= trace.size()) {
            throw new IllegalArgumentException("step " + index + " is outside the run (0.." + (trace.size() - 1) + ")");
        }
    }

    public Snapshot snapshot() {
        return trace.get(index);
    }

    /**
     * Same run (by identity: traces are immutable), same step, same lanes: a frame set again is not drawn again. (The
     * lesson screen sets one frame per step; exports and tests set frames themselves.)
     */
    @Override
    public boolean equals(Object o) {
        return o instanceof StageFrame f && f.trace == trace && f.index == index && f.lanes.equals(lanes);
    }

    @Override
    public int hashCode() {
        return System.identityHashCode(trace) * 31 + index;
    }

    /**
     * Whether {@code next} is the very next step of the same run — the only change the stage animates. A run the
     * learner extends by one step is a new trace that keeps the old one's snapshots, so it still counts.
     */
    public boolean precedes(StageFrame next) {
        return next != null
                && next.index == index + 1
                && (next.trace == trace || next.trace.size() > index && next.trace.get(index) == trace.get(index));
    }
}
