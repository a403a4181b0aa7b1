package org.diolab.app.lesson;

import java.util.List;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import org.diolab.app.stage.StageFrame;
import org.diolab.app.stage.cast.ActorLane;
import org.diolab.app.stage.cast.LanePaths;
import org.diolab.app.stage.cast.StageCast;
import org.diolab.app.stage.cast.StageCasting;
import org.diolab.engine.EventKind;
import org.diolab.engine.Narration;
import org.diolab.engine.Simulator;
import org.diolab.engine.Snapshot;
import org.diolab.engine.Trace;
import org.diolab.engine.explore.Replay;
import org.diolab.engine.op.Policy;
import org.diolab.lesson.Lesson;

/**
 * State and commands of the lesson screen: which lesson and policy, the run on show and its step, drawn as one
 * immutable {@link #frameProperty() frame} per step. Made of small parts the screens use directly: the
 * {@link StepCursor} (which step; its commands are repeated here), {@link #playback()}, {@link #scheduling()} (the
 * learner picks who steps) and the {@link #quizPin()}. Views bind to the read-only properties and call the commands;
 * nothing here touches a control, so it is tested without FX.
 *
 * <pre>{@code
 * LessonViewModel vm = new LessonViewModel();
 * vm.open(lesson);
 * vm.frameProperty().addListener((o, a, f) -> stage.setFrame(f.stage()));   // once per step
 * vm.forward();
 * vm.playback().togglePlay();
 * }</pre>
 */
public final class LessonViewModel {
    private final ReadOnlyObjectWrapper<Lesson> lesson = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<Policy> policy = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<Trace> trace = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<RunMode> mode = new ReadOnlyObjectWrapper<>(RunMode.SCRIPT);
    private final ReadOnlyObjectWrapper<StageCast> cast = new ReadOnlyObjectWrapper<>(StageCast.empty());
    private final ReadOnlyObjectWrapper<LessonFrame> frame = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<Snapshot> snapshot = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<List<ActorLane>> lanes = new ReadOnlyObjectWrapper<>(List.of());
    private final ReadOnlyObjectWrapper<List<InvariantStatus>> invariants = new ReadOnlyObjectWrapper<>(List.of());
    private final ReadOnlyObjectWrapper<Narration> outro = new ReadOnlyObjectWrapper<>();

    private final StepCursor cursor = new StepCursor();
    private final Playback playback = new Playback(cursor, () -> trace.get() != null);
    private final Scheduling scheduling =
            new Scheduling(() -> cursor.indexProperty().get(), this::showLearnersRun);
    private final QuizPin quizPin = new QuizPin(cursor, playback, this::showScriptUnder, this::change);
    /** How deep in {@link #change} we are: the frame waits until the change is whole. */
    private int changing;

    private Simulator simulator;
    /** The lesson {@link #simulator} and the trace belong to. */
    private Lesson played;

    private LanePaths lanePaths;
    private Trace script;

    public LessonViewModel() {
        policy.addListener((o, a, b) -> replay());
        cursor.indexProperty().addListener((o, a, b) -> show());
    }

    public Playback playback() {
        return playback;
    }

    public Scheduling scheduling() {
        return scheduling;
    }

    public QuizPin quizPin() {
        return quizPin;
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
            change(() -> policy.set(p));
        }
    }

    public ReadOnlyObjectProperty<Trace> traceProperty() {
        return trace.getReadOnlyProperty();
    }

    /**
     * The step on show, whole: what the stage draws, the invariants, the closing words. Set once per step (a new run,
     * another step, another source of the run), never twice for the same one.
     */
    public ReadOnlyObjectProperty<LessonFrame> frameProperty() {
        return frame.getReadOnlyProperty();
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
    public ReadOnlyObjectProperty<Narration> outroProperty() {
        return outro.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<RunMode> modeProperty() {
        return mode.getReadOnlyProperty();
    }

    // --- the step on show (the cursor's commands) ---

    /** The step on show. */
    public ReadOnlyIntegerProperty indexProperty() {
        return cursor.indexProperty();
    }

    public ReadOnlyIntegerProperty lastIndexProperty() {
        return cursor.lastIndexProperty();
    }

    /** Shows step {@code i}, clamped to the trace (and to a pin). */
    public void goTo(int i) {
        cursor.goTo(i);
    }

    public void first() {
        cursor.first();
    }

    public void back() {
        cursor.back();
    }

    public void forward() {
        cursor.forward();
    }

    public void last() {
        cursor.last();
    }

    /** Jumps to the first step that violates an invariant; returns false if none does. */
    public boolean jumpToFirstViolation() {
        Trace t = trace.get();
        int i = t == null ? -1 : t.firstViolationIndex();
        if (i >= 0) {
            cursor.goTo(i);
        }
        return i >= 0;
    }

    // --- which run is on show ---

    public void open(Lesson l) {
        open(l, l.defaultPolicy(), 0);
    }

    /** Opens {@code l} under {@code p} (its default if it does not offer {@code p}) at {@code step} (clamped). */
    public void open(Lesson l, Policy p, int step) {
        change(() -> {
            playback.pause();
            cursor.release();
            lesson.set(l);
            if (cursor.pinProperty().get() != null) {
                return; // a screen that holds the stage (the open quiz) placed it as the lesson came in
            }
            Policy chosen = l.choice(p).isPresent() ? p : l.defaultPolicy();
            if (policy.get() == chosen) {
                replay();
            } else {
                policy.set(chosen);
            }
            cursor.goTo(step);
        });
    }

    /** Shows the run that {@code schedule} (actor ids from the start) produces, e.g. an explorer counterexample. */
    public void replay(List<String> schedule) {
        change(() -> {
            playback.pause();
            cursor.release();
            scheduling.stop();
            mode.set(RunMode.REPLAY);
            setTrace(Replay.trace(simulator, schedule, lesson.get().narration()));
            cursor.last();
        });
    }

    /** "You are the scheduler": start from the beginning; the learner picks who steps next ({@link #scheduling()}). */
    public void startScheduling() {
        change(() -> {
            playback.pause();
            cursor.release();
            Trace start = scheduling.start(simulator, lesson.get().narration());
            mode.set(RunMode.SCHEDULING);
            setTrace(start);
            cursor.goTo(0);
        });
    }

    /** Back to the lesson's script. */
    public void backToScript() {
        change(() -> {
            scheduling.reset();
            replay();
            cursor.goTo(0);
        });
    }

    /** Whether the lesson, under the current policy, takes i_rwsem or i_dio_count (the ext4 lessons). */
    private boolean usesLocks() {
        return simulator != null && StageCasting.usesLocks(simulator);
    }

    /** The quiz's way in: the lesson's script under {@code p} on show. */
    private void showScriptUnder(Policy p) {
        if (mode.get() != RunMode.SCRIPT) {
            backToScript();
        }
        if (policy.get() != p) {
            selectPolicy(p);
        } else if (played != lesson.get()) {
            replay(); // the lesson just changed under the same policy
        }
    }

    /** A run the learner made by picking who steps: shown at its last step. */
    private void showLearnersRun(Trace t) {
        change(() -> {
            setTrace(t);
            cursor.last();
        });
    }

    /**
     * Runs {@code r}, a change of run, step or pin, and shows the step it ends at: one frame, not one per property the
     * change sets on its way (a new run at the old step, then the new step).
     */
    private void change(Runnable r) {
        changing++;
        try {
            r.run();
        } finally {
            changing--;
        }
        show();
    }

    private void replay() {
        Lesson l = lesson.get();
        Policy p = policy.get();
        if (l == null || p == null) {
            return;
        }
        simulator = l.simulator(p);
        played = l;
        scheduling.stop();
        mode.set(RunMode.SCRIPT);
        script = l.play(p);
        setTrace(script);
    }

    private void setTrace(Trace t) {
        lanePaths = new LanePaths(simulator, t, this::titleOf);
        cast.set(StageCasting.cast(simulator, script, t, cast.get(), this::titleOf, usesLocks()));
        trace.set(t);
        cursor.runOf(t.size());
        show();
    }

    /** Makes the frame of the step on show, unless it is on show already. */
    private void show() {
        Trace t = trace.get();
        if (t == null || changing > 0) {
            return;
        }
        int i = cursor.clamped(t.size());
        if (i != cursor.indexProperty().get()) {
            cursor.goTo(i); // shows it, through the cursor's listener
            return;
        }
        if (frame.get() != null
                && frame.get().trace() == t
                && frame.get().index() == i
                && frame.get().mode() == mode.get()) {
            return;
        }
        Snapshot s = t.get(i);
        boolean over =
                i == t.size() - 1 && (simulator.finished(s.state()) || s.event().kind() == EventKind.DEADLOCK);
        LessonFrame next = new LessonFrame(
                new StageFrame(t, i, lanePaths.at(i)),
                mode.get(),
                InvariantStatus.at(lesson.get(), s),
                over ? lesson.get().narration().outro() : null);
        lanes.set(next.lanes());
        invariants.set(next.invariants());
        outro.set(next.outro());
        snapshot.set(s);
        frame.set(next); // last: whoever draws the frame finds the rest of the screen at this step too
    }

    private String titleOf(String actor) {
        return StageCasting.threadTitles(lesson.get().scenario()).apply(actor);
    }
}
