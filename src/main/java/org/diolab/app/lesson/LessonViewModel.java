package org.diolab.app.lesson;

import java.util.ArrayList;
import java.util.List;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import org.diolab.app.stage.cast.ActorLane;
import org.diolab.app.stage.cast.LanePaths;
import org.diolab.app.stage.cast.StageCast;
import org.diolab.app.stage.cast.StageCasting;
import org.diolab.engine.Simulator;
import org.diolab.engine.Snapshot;
import org.diolab.engine.Trace;
import org.diolab.engine.explore.Replay;
import org.diolab.engine.explore.SchedulerSession;
import org.diolab.engine.explore.StepOutcome;
import org.diolab.engine.invariant.Invariant;
import org.diolab.engine.invariant.Violation;
import org.diolab.engine.op.Policy;
import org.diolab.lesson.Lesson;

/**
 * State and commands of the lesson screen: which lesson and policy, its trace, and the step on show. Views bind to
 * the read-only properties and call the commands; this class never touches a control, so it is tested without FX.
 */
public final class LessonViewModel {
    private final ReadOnlyObjectWrapper<Lesson> lesson = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<Policy> policy = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<Trace> trace = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyIntegerWrapper index = new ReadOnlyIntegerWrapper(0);
    private final ReadOnlyIntegerWrapper last = new ReadOnlyIntegerWrapper(0);
    private final ReadOnlyObjectWrapper<Snapshot> snapshot = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<List<ActorLane>> lanes = new ReadOnlyObjectWrapper<>(List.of());
    private final ReadOnlyObjectWrapper<List<InvariantStatus>> invariants = new ReadOnlyObjectWrapper<>(List.of());
    private final ReadOnlyBooleanWrapper playing = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyDoubleWrapper speed = new ReadOnlyDoubleWrapper(1);
    private final ReadOnlyObjectWrapper<org.diolab.engine.Narration> outro = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<RunMode> mode = new ReadOnlyObjectWrapper<>(RunMode.SCRIPT);
    private final ReadOnlyObjectWrapper<String> refusal = new ReadOnlyObjectWrapper<>("");
    private final ReadOnlyObjectWrapper<StagePin> pin = new ReadOnlyObjectWrapper<>();
    /** Where playback stops of its own accord (the end, or the step a "show me" plays to). */
    private int playTarget = Integer.MAX_VALUE;

    private Simulator simulator;
    /** The lesson {@link #simulator} and the trace belong to. */
    private Lesson played;

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

    public ReadOnlyObjectProperty<Policy> policyProperty() {
        return policy.getReadOnlyProperty();
    }

    /** Replays the lesson under {@code p} (one of its policies), at the same step where possible. */
    public void selectPolicy(Policy p) {
        Lesson l = lesson.get();
        if (l != null && l.choice(p).isPresent()) {
            policy.set(p);
        }
    }

    public ReadOnlyObjectProperty<Trace> traceProperty() {
        return trace.getReadOnlyProperty();
    }

    /** The step on show. */
    public ReadOnlyIntegerProperty indexProperty() {
        return index.getReadOnlyProperty();
    }

    /** Shows step {@code i}, clamped to the trace. */
    public void goTo(int i) {
        index.set(i);
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
        pin.set(null);
        session = null;
        mode.set(RunMode.REPLAY);
        setTrace(Replay.trace(simulator, schedule, lesson.get().narration()));
        index.set(last.get());
    }

    /** "You are the scheduler": start from the beginning; the learner picks which actor steps next. */
    public void startScheduling() {
        playing.set(false);
        pin.set(null);
        session = SchedulerSession.start(simulator, lesson.get().narration());
        mode.set(RunMode.SCHEDULING);
        refusal.set("");
        setTrace(session.trace());
        index.set(0);
    }

    /**
     * Steps {@code actor} in scheduling mode, from the step on show: if the learner stepped back, the steps after it
     * are dropped (as undo would) and the run branches from there. If it cannot step, says why in
     * {@link #refusalProperty()}.
     */
    public void schedule(String actor) {
        if (session == null) {
            return;
        }
        switch (shownSession().step(actor)) {
            case StepOutcome.Stepped st -> {
                session = st.session();
                refusal.set("");
                setTrace(session.trace());
                index.set(last.get());
            }
            case StepOutcome.Refused r -> refusal.set(r.reason());
        }
    }

    /** Takes back the pick that led to the step on show (and drops any steps after it). */
    public void undo() {
        if (canUndo()) {
            session = shownSession().undo();
            refusal.set("");
            setTrace(session.trace());
            index.set(last.get());
        }
    }

    public boolean canUndo() {
        return session != null && shownSession().canUndo();
    }

    /** The scheduling session as it was at the step on show: the learner acts on what they see. */
    private SchedulerSession shownSession() {
        SchedulerSession s = session;
        while (s.current().index() > index.get() && s.canUndo()) {
            s = s.undo();
        }
        return s;
    }

    /** Back to the lesson's script. */
    public void backToScript() {
        session = null;
        mode.set(RunMode.SCRIPT);
        refusal.set("");
        replay();
        index.set(0);
    }

    public ReadOnlyBooleanProperty playingProperty() {
        return playing.getReadOnlyProperty();
    }

    /** Playback speed: 1 is one step every 0.9 s. */
    public ReadOnlyDoubleProperty speedProperty() {
        return speed.getReadOnlyProperty();
    }

    public void selectSpeed(double rate) {
        if (rate > 0) {
            speed.set(rate);
        }
    }

    public void play() {
        if (!playing.get()) {
            togglePlay();
        }
    }

    public void pause() {
        playing.set(false);
    }

    /** Whether the lesson, under the current policy, takes i_rwsem or i_dio_count (the ext4 lessons). */
    public boolean usesLocks() {
        return simulator != null && StageCasting.usesLocks(simulator);
    }

    public void open(Lesson l) {
        open(l, l.defaultPolicy(), 0);
    }

    /** Opens {@code l} under {@code p} (its default if it does not offer {@code p}) at {@code step} (clamped). */
    public void open(Lesson l, Policy p, int step) {
        playing.set(false);
        pin.set(null);
        lesson.set(l);
        if (pin.get() != null) {
            return; // a screen that holds the stage (the open quiz) placed it as the lesson came in
        }
        Policy chosen = l.choice(p).isPresent() ? p : l.defaultPolicy();
        if (policy.get() == chosen) {
            replay();
        } else {
            policy.set(chosen);
        }
        index.set(step);
        show();
    }

    /** While set, the stage stays at or before {@link StagePin#step()} (a quiz question waiting for its answer). */
    public ReadOnlyObjectProperty<StagePin> pinProperty() {
        return pin.getReadOnlyProperty();
    }

    /**
     * Shows the lesson's script under {@code p} at {@code step} and keeps the stage from going past it until {@link
     * #unpin()}: the learner can look back, not ahead.
     */
    public void pin(Policy p, int step, String reason) {
        playing.set(false);
        if (mode.get() != RunMode.SCRIPT) {
            backToScript();
        }
        if (policy.get() != p) {
            selectPolicy(p);
        } else if (played != lesson.get()) {
            replay(); // the lesson just changed under the same policy
        }
        pin.set(new StagePin(step, reason));
        index.set(step);
        show();
    }

    public void unpin() {
        pin.set(null);
    }

    /** Plays from the step on show up to {@code target}, then stops there. */
    public void playTo(int target) {
        if (trace.get() == null || index.get() >= target) {
            return;
        }
        playTarget = target;
        playing.set(true);
    }

    public void first() {
        index.set(0);
    }

    public void back() {
        index.set(Math.max(0, index.get() - 1));
    }

    public void forward() {
        index.set(Math.min(limit(), index.get() + 1));
    }

    public void last() {
        index.set(limit());
    }

    public void togglePlay() {
        if (!playing.get() && index.get() >= limit()) {
            index.set(0);
        }
        playTarget = Integer.MAX_VALUE;
        playing.set(!playing.get() && trace.get() != null);
    }

    /** One tick of playback: the next step, stopping at the end (or where {@link #playTo} said). */
    public void tick() {
        if (index.get() >= Math.min(limit(), playTarget)) {
            playing.set(false);
        } else {
            forward();
        }
    }

    /** The last step the stage may show: the end of the trace, or the pin. */
    private int limit() {
        StagePin p = pin.get();
        return p == null ? last.get() : Math.min(last.get(), p.step());
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
        played = l;
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
        int i = Math.clamp(index.get(), 0, Math.min(t.size() - 1, limit()));
        if (i != index.get()) {
            index.set(i);
            return;
        }
        Snapshot s = t.get(i);
        lanes.set(lanePaths.at(i));
        invariants.set(invariantsAt(s));
        boolean over = i == t.size() - 1
                && (simulator.finished(s.state()) || s.event().kind() == org.diolab.engine.EventKind.DEADLOCK);
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
            List<String> details = s.violations().stream()
                    .filter(v -> v.invariant().equals(id))
                    .map(Violation::detail)
                    .toList();
            out.add(new InvariantStatus(id, explanations.getOrDefault(id, id), details));
        }
        return List.copyOf(out);
    }

    private String titleOf(String actor) {
        return StageCasting.threadTitles(lesson.get().scenario()).apply(actor);
    }
}
