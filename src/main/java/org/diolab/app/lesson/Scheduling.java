package org.diolab.app.lesson;

import java.util.function.Consumer;
import java.util.function.IntSupplier;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import org.diolab.engine.NarrationBook;
import org.diolab.engine.Simulator;
import org.diolab.engine.Trace;
import org.diolab.engine.explore.SchedulerSession;
import org.diolab.engine.explore.StepOutcome;

/**
 * "You are the scheduler": the learner picks which actor steps next, from the step on show. Stepping from an earlier
 * step branches the run there (the steps after it are dropped, as undo would). Each pick's run goes to the lesson
 * screen, which shows its last step.
 */
public final class Scheduling {
    private final IntSupplier shown;
    private final Consumer<Trace> show;
    private final ReadOnlyObjectWrapper<String> refusal = new ReadOnlyObjectWrapper<>("");
    private SchedulerSession session;

    /**
     * @param shown the index of the step on show
     * @param show  shows a run the learner made, at its last step
     */
    Scheduling(IntSupplier shown, Consumer<Trace> show) {
        this.shown = shown;
        this.show = show;
    }

    /** Why the learner's last pick could not step (empty when it could). */
    public ReadOnlyObjectProperty<String> refusalProperty() {
        return refusal.getReadOnlyProperty();
    }

    /** Starts a run from the beginning of {@code sim}; returns it (its first step). */
    Trace start(Simulator sim, NarrationBook narration) {
        session = SchedulerSession.start(sim, narration);
        refusal.set("");
        return session.trace();
    }

    /** Forgets the learner's run (the script or a replay is on show again). */
    void stop() {
        session = null;
    }

    /** Forgets the learner's run and why a pick was refused (back to the script). */
    void reset() {
        stop();
        refusal.set("");
    }

    boolean active() {
        return session != null;
    }

    /** Steps {@code actor} from the step on show; if it cannot step, says why in {@link #refusalProperty()}. */
    public void schedule(String actor) {
        if (session == null) {
            return;
        }
        switch (shownSession().step(actor)) {
            case StepOutcome.Stepped st -> {
                session = st.session();
                refusal.set("");
                show.accept(session.trace());
            }
            case StepOutcome.Refused r -> refusal.set(r.reason());
        }
    }

    /** Takes back the pick that led to the step on show (and drops any steps after it). */
    public void undo() {
        if (canUndo()) {
            session = shownSession().undo();
            refusal.set("");
            show.accept(session.trace());
        }
    }

    public boolean canUndo() {
        return session != null && shownSession().canUndo();
    }

    /** The session as it was at the step on show: the learner acts on what they see. */
    private SchedulerSession shownSession() {
        SchedulerSession s = session;
        while (s.current().index() > shown.getAsInt() && s.canUndo()) {
            s = s.undo();
        }
        return s;
    }
}
