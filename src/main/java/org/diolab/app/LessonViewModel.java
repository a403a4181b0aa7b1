package org.diolab.app;

import java.util.ArrayList;
import java.util.List;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import org.diolab.app.stage.ActorLane;
import org.diolab.app.stage.LanePaths;
import org.diolab.app.stage.StageCast;
import org.diolab.app.stage.StageCasting;
import org.diolab.engine.Simulator;
import org.diolab.engine.Snapshot;
import org.diolab.engine.Trace;
import org.diolab.engine.explore.Replay;
import org.diolab.engine.explore.SchedulerSession;
import org.diolab.engine.explore.StepOutcome;
import org.diolab.engine.invariant.Invariant;
import org.diolab.engine.invariant.Violation;
import org.diolab.engine.op.Policy;
import org.diolab.engine.step.Instr;
import org.diolab.lesson.Lesson;

/**
 * State and commands of the lesson screen: which lesson and policy, its trace, and the step on show. Views bind to
 * the read-only properties and call the commands; this class never touches a control, so it is tested without FX.
 */
public final class LessonViewModel {
    private final ReadOnlyObjectWrapper<Lesson> lesson = new ReadOnlyObjectWrapper<>();
    private final ObjectProperty<Policy> policy = new SimpleObjectProperty<>();
    private final ReadOnlyObjectWrapper<Trace> trace = new ReadOnlyObjectWrapper<>();
    private final IntegerProperty index = new SimpleIntegerProperty(0);
    private final ReadOnlyIntegerWrapper last = new ReadOnlyIntegerWrapper(0);
    private final ReadOnlyObjectWrapper<Snapshot> snapshot = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<List<ActorLane>> lanes = new ReadOnlyObjectWrapper<>(List.of());
    private final ReadOnlyObjectWrapper<List<InvariantStatus>> invariants = new ReadOnlyObjectWrapper<>(List.of());
    private final BooleanProperty playing = new SimpleBooleanProperty(false);
    private final ReadOnlyObjectWrapper<org.diolab.engine.Narration> outro = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<RunMode> mode = new ReadOnlyObjectWrapper<>(RunMode.SCRIPT);
    private final ReadOnlyObjectWrapper<String> refusal = new ReadOnlyObjectWrapper<>("");
    private Simulator simulator;
    private SchedulerSession session;
    private LanePaths lanePaths;
    private Trace script;
    private final ReadOnlyObjectWrapper<StageCast> cast = new ReadOnlyObjectWrapper<>(StageCast.empty());

    public LessonViewModel() {
        policy.addListener((o, a, b) -> replay());
        index.addListener((o, a, b) -> show());
    }

    public ReadOnlyObjectProperty<Lesson> lessonProperty() {
        return lesson.getReadOnlyProperty();
    }

    /** Writable: setting it replays the lesson under the new policy, at the same step where possible. */
    public ObjectProperty<Policy> policyProperty() {
        return policy;
    }

    public ReadOnlyObjectProperty<Trace> traceProperty() {
        return trace.getReadOnlyProperty();
    }

    /** Writable so a scrubber can bind to it; values are clamped to the trace. */
    public IntegerProperty indexProperty() {
        return index;
    }

    public ReadOnlyIntegerProperty lastIndexProperty() {
        return last.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<Snapshot> snapshotProperty() {
        return snapshot.getReadOnlyProperty();
    }

    /** Everything the run on show will put on the stage, for its layout; changes only with lesson, policy, mode. */
    public ReadOnlyObjectProperty<StageCast> castProperty() {
        return cast.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<List<ActorLane>> lanesProperty() {
        return lanes.getReadOnlyProperty();
    }

    /** The invariants this lesson is about (and any other that breaks), with their state at the current step. */
    public ReadOnlyObjectProperty<List<InvariantStatus>> invariantsProperty() {
        return invariants.getReadOnlyProperty();
    }

    /** The lesson's closing words, at the last step of a run that is over; otherwise {@code null}. */
    public ReadOnlyObjectProperty<org.diolab.engine.Narration> outroProperty() {
        return outro.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<RunMode> modeProperty() {
        return mode.getReadOnlyProperty();
    }

    /** Why the learner's last pick could not step (empty when it could). */
    public ReadOnlyObjectProperty<String> refusalProperty() {
        return refusal.getReadOnlyProperty();
    }

    /** Shows the run that {@code schedule} (actor ids from the start) produces, e.g. an explorer counterexample. */
    public void replay(List<String> schedule) {
        playing.set(false);
        session = null;
        mode.set(RunMode.REPLAY);
        setTrace(Replay.trace(simulator, schedule, lesson.get().narration()));
        index.set(last.get());
    }

    /** "You are the scheduler": start from the beginning; the learner picks which actor steps next. */
    public void startScheduling() {
        playing.set(false);
        session = SchedulerSession.start(simulator, lesson.get().narration());
        mode.set(RunMode.SCHEDULING);
        refusal.set("");
        setTrace(session.trace());
        index.set(0);
    }

    /** Steps {@code actor} in scheduling mode; if it cannot step, says why in {@link #refusalProperty()}. */
    public void schedule(String actor) {
        if (session == null) {
            return;
        }
        switch (session.step(actor)) {
            case StepOutcome.Stepped st -> {
                session = st.session();
                refusal.set("");
                setTrace(session.trace());
                index.set(last.get());
            }
            case StepOutcome.Refused r -> refusal.set(r.reason());
        }
    }

    /** Takes back the learner's last pick. */
    public void undo() {
        if (session != null && session.canUndo()) {
            session = session.undo();
            refusal.set("");
            setTrace(session.trace());
            index.set(last.get());
        }
    }

    public boolean canUndo() {
        return session != null && session.canUndo();
    }

    /** Back to the lesson's script. */
    public void backToScript() {
        session = null;
        mode.set(RunMode.SCRIPT);
        refusal.set("");
        replay();
        index.set(0);
    }

    public BooleanProperty playingProperty() {
        return playing;
    }

    /** Whether the lesson, under the current policy, takes i_rwsem or i_dio_count (the ext4 lessons). */
    public boolean usesLocks() {
        return simulator != null && StageCasting.usesLocks(simulator);
    }

    public void open(Lesson l) {
        playing.set(false);
        lesson.set(l);
        Policy p = l.defaultPolicy();
        if (policy.get() == p) {
            replay();
        } else {
            policy.set(p);
        }
        index.set(0);
        show();
    }

    public void first() {
        index.set(0);
    }

    public void back() {
        index.set(Math.max(0, index.get() - 1));
    }

    public void forward() {
        index.set(Math.min(last.get(), index.get() + 1));
    }

    public void last() {
        index.set(last.get());
    }

    public void togglePlay() {
        if (!playing.get() && index.get() >= last.get()) {
            index.set(0);
        }
        playing.set(!playing.get() && trace.get() != null);
    }

    /** One tick of playback: the next step, stopping at the end. */
    public void tick() {
        if (index.get() >= last.get()) {
            playing.set(false);
        } else {
            forward();
        }
    }

    /** Jumps to the first step that violates an invariant; returns false if none does. */
    public boolean jumpToFirstViolation() {
        Trace t = trace.get();
        int i = t == null ? -1 : t.firstViolationIndex();
        if (i >= 0) {
            index.set(i);
        }
        return i >= 0;
    }

    private void replay() {
        Lesson l = lesson.get();
        Policy p = policy.get();
        if (l == null || p == null) {
            return;
        }
        simulator = l.simulator(p);
        session = null;
        mode.set(RunMode.SCRIPT);
        script = l.play(p);
        setTrace(script);
    }

    private void setTrace(Trace t) {
        lanePaths = new LanePaths(simulator, t, this::titleOf);
        cast.set(StageCasting.cast(simulator, script, t, cast.get(), this::titleOf, usesLocks()));
        trace.set(t);
        last.set(t.size() - 1);
        if (index.get() > last.get()) {
            index.set(last.get());
        }
        show();
    }

    private void show() {
        Trace t = trace.get();
        if (t == null) {
            return;
        }
        int i = Math.clamp(index.get(), 0, t.size() - 1);
        if (i != index.get()) {
            index.set(i);
            return;
        }
        Snapshot s = t.get(i);
        lanes.set(lanePaths.at(i));
        invariants.set(invariantsAt(s));
        boolean over = i == t.size() - 1 && (simulator.finished(s.state())
                || s.event().kind() == org.diolab.engine.EventKind.DEADLOCK);
        outro.set(over ? lesson.get().narration().outro() : null);
        snapshot.set(s);
    }

    private List<InvariantStatus> invariantsAt(Snapshot s) {
        java.util.Set<String> shown = new java.util.TreeSet<>();
        lesson.get().expect().values().forEach(e -> shown.addAll(e.violated()));
        s.violations().forEach(v -> shown.add(v.invariant()));
        java.util.Map<String, String> explanations = Invariant.explanations();
        List<InvariantStatus> out = new ArrayList<>();
        for (String id : shown) {
            List<String> details = s.violations().stream().filter(v -> v.invariant().equals(id))
                    .map(Violation::detail).toList();
            out.add(new InvariantStatus(id, explanations.getOrDefault(id, id), details));
        }
        return List.copyOf(out);
    }

    private String titleOf(String actor) {
        return StageCasting.threadTitles(lesson.get().scenario()).apply(actor);
    }
}
