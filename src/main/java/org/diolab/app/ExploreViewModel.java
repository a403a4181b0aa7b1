package org.diolab.app;

import java.util.List;
import java.util.Locale;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import org.diolab.engine.Simulator;
import org.diolab.engine.explore.Counterexample;
import org.diolab.engine.explore.ExploreLimits;
import org.diolab.engine.explore.ExploreResult;
import org.diolab.engine.explore.Explorer;
import org.diolab.engine.op.Policy;
import org.diolab.lesson.Lesson;
import org.diolab.live.HeapGauge;

/**
 * The Explore tab: runs the exhaustive explorer on the lesson under the current policy, off the FX thread and
 * cancellable, and lists each broken invariant with its shortest interleaving, ready to replay.
 */
public final class ExploreViewModel {
    /** A finding to list: what broke, the shortest schedule that breaks it, and the detail. */
    public record Finding(String invariant, List<String> schedule, String detail) {
    }

    private final LessonViewModel lessons;
    private final BackgroundWork work;
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");
    private final ReadOnlyObjectWrapper<List<Finding>> findings = new ReadOnlyObjectWrapper<>(List.of());
    private BackgroundWork.Job job;

    public ExploreViewModel(LessonViewModel lessons, BackgroundWork work) {
        this.lessons = lessons;
        this.work = work;
        lessons.lessonProperty().addListener((o, a, b) -> clear());
        lessons.policyProperty().addListener((o, a, b) -> clear());
    }

    public ReadOnlyBooleanProperty runningProperty() {
        return running.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<List<Finding>> findingsProperty() {
        return findings.getReadOnlyProperty();
    }

    /** Explores every interleaving of the lesson under the current policy; the input is captured now. */
    public void explore() {
        Lesson lesson = lessons.lessonProperty().get();
        Policy policy = lessons.policyProperty().get();
        if (lesson == null || running.get()) {
            return;
        }
        cancel();
        running.set(true);
        findings.set(List.of());
        status.set("Exploring every interleaving under " + policy.id() + "…");
        long start = System.nanoTime();
        HeapGauge heap = HeapGauge.jvm();
        job = work.submit("explore " + lesson.id(), ctx -> Explorer.explore(lesson.simulator(policy),
                        new ExploreLimits(heap.stateBudget(), ctx::cancelled).withMemoryGauge(heap)),
                result -> done(result, policy, (System.nanoTime() - start) / 1_000_000),
                error -> {
                    running.set(false);
                    status.set("Exploration failed: " + error.getMessage());
                }, (f, m) -> { });
    }

    public void cancel() {
        if (job != null) {
            job.cancel();
        }
    }

    public void replay(Finding f) {
        lessons.replay(f.schedule());
    }

    private void done(ExploreResult r, Policy policy, long millis) {
        running.set(false);
        String counts = String.format(Locale.ROOT, "%,d states, %s interleavings, %,d ms", r.states(),
                r.interleavings().describe(), millis);
        if (!r.complete()) {
            status.set("Stopped early (" + switch (r.completion()) {
                case MEMORY_BUDGET -> "the heap is nearly full";
                case STATE_BUDGET -> "state budget reached";
                default -> "cancelled";
            } + "): " + counts);
        } else if (r.violations().isEmpty()) {
            status.set("No invariant breaks under " + policy.id() + " in any interleaving. " + counts);
        } else {
            status.set("Explored " + counts + ".");
        }
        List<Finding> out = new java.util.ArrayList<>();
        for (Counterexample c : r.violations()) {
            out.add(new Finding(c.invariant(), c.schedule(), c.detail()));
        }
        findings.set(List.copyOf(out));
    }

    private void clear() {
        cancel();
        running.set(false);
        findings.set(List.of());
        status.set("");
    }
}
