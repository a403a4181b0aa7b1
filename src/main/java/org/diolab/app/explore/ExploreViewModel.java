package org.diolab.app.explore;

import java.util.List;
import java.util.Locale;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import org.diolab.app.lesson.LessonViewModel;
import org.diolab.app.work.BackgroundTask;
import org.diolab.app.work.BackgroundWork;
import org.diolab.app.work.CurrentJob;
import org.diolab.engine.Simulator;
import org.diolab.engine.explore.Counterexample;
import org.diolab.engine.explore.ExploreLimits;
import org.diolab.engine.explore.ExploreResult;
import org.diolab.engine.explore.Explorer;
import org.diolab.engine.op.Policy;
import org.diolab.lesson.Lesson;
import org.diolab.live.probe.HeapGauge;

/**
 * The Explore tab: runs the exhaustive explorer on the lesson under the current policy, off the FX thread and
 * cancellable, and lists each broken invariant with its shortest interleaving, ready to replay. A search belongs to
 * the lesson and policy it started with: opening another lesson or policy drops it and anything it would have found.
 */
public final class ExploreViewModel {
    /** A finding to list: what broke, the shortest schedule that breaks it, and the lesson and policy it is for. */
    public record Finding(String lessonId, Policy policy, String invariant, List<String> schedule, String detail) {
        public Finding {
            schedule = List.copyOf(schedule);
        }
    }

    private final LessonViewModel lessons;
    private final CurrentJob job;
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");
    private final ReadOnlyObjectWrapper<List<Finding>> findings = new ReadOnlyObjectWrapper<>(List.of());

    public ExploreViewModel(LessonViewModel lessons, BackgroundWork work) {
        this.lessons = lessons;
        this.job = new CurrentJob(work);
        lessons.lessonProperty().addListener((o, a, b) -> clear());
        lessons.policyProperty().addListener((o, a, b) -> clear());
    }

    public ReadOnlyBooleanProperty runningProperty() {
        return job.runningProperty();
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
        if (lesson == null || policy == null || job.running()) {
            return;
        }
        Simulator sim = lesson.simulator(policy);
        findings.set(List.of());
        status.set("Exploring every interleaving under " + policy.id() + "…");
        long start = System.nanoTime();
        HeapGauge heap = HeapGauge.jvm();
        job.start(BackgroundTask.of(
                        "explore " + lesson.id() + " under " + policy.id(),
                        ctx -> Explorer.explore(
                                sim, new ExploreLimits(heap.stateBudget(), ctx::cancelled).withMemoryGauge(heap)))
                .onSuccess(result -> show(lesson, policy, result, (System.nanoTime() - start) / 1_000_000))
                .onCancelled(() -> status.set("Cancelled after " + (System.nanoTime() - start) / 1_000_000 + " ms."))
                .onFailure(error -> status.set("Exploration failed: " + error.getMessage())));
    }

    /** Stops the search; the tab says so once it has stopped. */
    public void cancel() {
        job.cancel();
    }

    /** Shows the finding's interleaving on the stage, if it belongs to the lesson and policy on show. */
    public void replay(Finding f) {
        Lesson l = lessons.lessonProperty().get();
        if (l != null && l.id().equals(f.lessonId()) && lessons.policyProperty().get() == f.policy()) {
            lessons.replay(f.schedule());
        }
    }

    private void show(Lesson lesson, Policy policy, ExploreResult r, long millis) {
        String counts = String.format(
                Locale.ROOT,
                "%,d states, %s interleavings, %,d ms",
                r.states(),
                r.interleavings().describe(),
                millis);
        if (!r.complete()) {
            status.set("Stopped early ("
                    + switch (r.completion()) {
                        case MEMORY_BUDGET -> "the heap is nearly full";
                        case STATE_BUDGET -> "state budget reached";
                        default -> "cancelled";
                    }
                    + "): " + counts);
        } else if (r.violations().isEmpty()) {
            status.set("No invariant breaks under " + policy.id() + " in any interleaving. " + counts);
        } else {
            status.set("Explored " + counts + ".");
        }
        findings.set(r.violations().stream()
                .map((Counterexample c) -> new Finding(lesson.id(), policy, c.invariant(), c.schedule(), c.detail()))
                .toList());
    }

    private void clear() {
        job.abandon();
        findings.set(List.of());
        status.set("");
    }
}
