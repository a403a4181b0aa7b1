package org.diolab.app.compare;

import java.util.ArrayList;
import java.util.List;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import org.diolab.app.lesson.LessonViewModel;
import org.diolab.app.lesson.RunMode;
import org.diolab.app.work.BackgroundTask;
import org.diolab.app.work.BackgroundWork;
import org.diolab.app.work.CurrentJob;
import org.diolab.engine.Snapshot;
import org.diolab.engine.Trace;
import org.diolab.engine.TraceAlignment;
import org.diolab.engine.op.Policy;
import org.diolab.lesson.Lesson;
import org.diolab.lesson.PolicyChoice;
import org.diolab.lesson.PolicyRole;

/**
 * Before fix / after fix, side by side: the lesson's script under the current policy and under another, lined up step
 * by step, with the first step where they part marked and the current step followed. Both runs are played in the
 * background; rows of a lesson or pair no longer on show are never listed.
 */
public final class CompareViewModel {
    /** One run's step in a row: its index in that run, what it did, and whether it breaks an invariant. */
    public record Side(int index, String text, boolean violated) {
        /** Where that run has no step to line up. */
        public static final Side NONE = new Side(-1, "", false);

        public boolean present() {
            return index >= 0;
        }

        static Side of(Snapshot s) {
            return s == null
                    ? NONE
                    : new Side(s.index(), s.event().action(), !s.violations().isEmpty());
        }
    }

    /** One aligned row: the current policy's step on the left, the other's on the right. */
    public record Row(Side left, Side right, boolean firstDifference) {}

    private final LessonViewModel lessons;
    private final CurrentJob job;
    private final ReadOnlyObjectWrapper<Policy> other = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<List<Row>> rows = new ReadOnlyObjectWrapper<>(List.of());

    public CompareViewModel(LessonViewModel lessons, BackgroundWork work) {
        this.lessons = lessons;
        this.job = new CurrentJob(work);
        lessons.lessonProperty()
                .addListener((o, a, l) ->
                        selectOther(counterpart(l, lessons.policyProperty().get())));
        lessons.policyProperty().addListener((o, a, p) -> {
            if (p == other.get()) {
                other.set(counterpart(lessons.lessonProperty().get(), p));
            }
            recompute();
        });
        lessons.modeProperty().addListener((o, a, m) -> recompute());
        if (lessons.lessonProperty().get() != null) { // made once the Compare tab opens, on the lesson on show
            selectOther(counterpart(
                    lessons.lessonProperty().get(), lessons.policyProperty().get()));
        }
    }

    /** The policy compared against the current one. */
    public ReadOnlyObjectProperty<Policy> otherProperty() {
        return other.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<List<Row>> rowsProperty() {
        return rows.getReadOnlyProperty();
    }

    /** True while the two runs are being played and lined up. */
    public ReadOnlyBooleanProperty busyProperty() {
        return job.runningProperty();
    }

    /** Compares against {@code policy} (one of {@link #choices()}). */
    public void selectOther(Policy policy) {
        if (policy != other.get()) {
            other.set(policy);
            recompute();
        }
    }

    /** The lesson's policies other than the current one. */
    public List<Policy> choices() {
        Lesson l = lessons.lessonProperty().get();
        Policy current = lessons.policyProperty().get();
        return l == null
                ? List.of()
                : l.policies().stream()
                        .map(PolicyChoice::policy)
                        .filter(p -> p != current)
                        .toList();
    }

    /** Moves the main timeline to the left-hand step of a row (if that side has one). */
    public void go(Row row) {
        if (row.left().present()) {
            lessons.goTo(row.left().index());
        }
    }

    /** For a broken policy, the fixed one; otherwise the broken one; otherwise any other. */
    static Policy counterpart(Lesson l, Policy current) {
        if (l == null) {
            return null;
        }
        PolicyRole want = l.choice(current)
                .map(c -> c.role() == PolicyRole.BROKEN ? PolicyRole.FIXED : PolicyRole.BROKEN)
                .orElse(PolicyRole.FIXED);
        return l.policies().stream()
                .filter(c -> c.policy() != current && c.role() == want)
                .findFirst()
                .or(() ->
                        l.policies().stream().filter(c -> c.policy() != current).findFirst())
                .map(PolicyChoice::policy)
                .orElse(null);
    }

    private void recompute() {
        Lesson l = lessons.lessonProperty().get();
        Policy current = lessons.policyProperty().get();
        Policy versus = other.get();
        rows.set(List.of());
        if (l == null
                || versus == null
                || current == null
                || versus == current
                || lessons.modeProperty().get() != RunMode.SCRIPT) {
            job.abandon();
            return;
        }
        job.start(BackgroundTask.of(
                        "compare " + l.id() + ": " + current.id() + " vs " + versus.id(),
                        ctx -> rowsOf(l.play(current), l.play(versus)))
                .onSuccess(rows::set));
    }

    static List<Row> rowsOf(Trace a, Trace b) {
        List<TraceAlignment.Row> aligned = TraceAlignment.align(a, b);
        int first = TraceAlignment.firstDifference(a, b, aligned);
        List<Row> out = new ArrayList<>();
        for (int r = 0; r < aligned.size(); r++) {
            TraceAlignment.Row x = aligned.get(r);
            out.add(new Row(
                    Side.of(x.left() >= 0 ? a.get(x.left()) : null),
                    Side.of(x.right() >= 0 ? b.get(x.right()) : null),
                    r == first));
        }
        return List.copyOf(out);
    }
}
