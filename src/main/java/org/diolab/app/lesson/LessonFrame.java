package org.diolab.app.lesson;

import java.util.List;
import org.diolab.app.stage.StageFrame;
import org.diolab.app.stage.cast.ActorLane;
import org.diolab.engine.Narration;
import org.diolab.engine.Snapshot;
import org.diolab.engine.Trace;

/**
 * One step of the lesson screen, whole and immutable: what the stage draws (the run, the step, the lanes), where the
 * run comes from, the lesson's invariants at this step, and the lesson's closing words once the run is over. The
 * screen sets a new one only when the step on show is another one, so a listener redraws once per step.
 *
 * @param outro the lesson's closing words at the last step of a run that is over; otherwise {@code null}
 */
public record LessonFrame(StageFrame stage, RunMode mode, List<InvariantStatus> invariants, Narration outro) {
    public LessonFrame {
        invariants = List.copyOf(invariants);
    }

    public Trace trace() {
        return stage.trace();
    }

    public int index() {
        return stage.index();
    }

    public Snapshot snapshot() {
        return stage.snapshot();
    }

    public List<ActorLane> lanes() {
        return stage.lanes();
    }

    /** Whether the learner picks who steps next (the stage then shows Step buttons). */
    public boolean scheduling() {
        return mode == RunMode.SCHEDULING;
    }
}
