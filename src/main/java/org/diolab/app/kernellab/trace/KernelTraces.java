package org.diolab.app.kernellab.trace;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.concurrent.Task;
import javafx.stage.Window;
import org.diolab.lesson.Lesson;
import org.diolab.live.job.CancelToken;
import org.diolab.live.kernel.KernelLab;
import org.diolab.live.kernel.KernelLabReport;
import org.diolab.live.kernel.KernelLabRequest;
import org.diolab.live.kernel.LabProgress;
import org.diolab.live.kernel.ScenarioTrace;
import org.diolab.live.kernel.TraceRequest;
import org.jspecify.annotations.Nullable;

/**
 * The "On this kernel" part's trace hook: whether the next run records the kernel's own trace ("Record the kernel's
 * trace": each scenario then runs twice, untraced for its verdict and again traced, as {@code kernel-lab --trace}),
 * the lab run that honours the choice (the card's runner), and after a traced run what each card offers
 * ({@link TraceOffer}) and opens ({@link KernelTraceView} in a window, beside the open lesson's scripted run). The
 * recordings stay in memory, in the report; nothing is written to disk.
 */
public final class KernelTraces {
    /** Runs the lab, traced or not: the app uses {@link KernelLab}'s run, tests a stand-in. */
    @FunctionalInterface
    public interface Lab {
        KernelLabReport run(
                KernelLabRequest request, TraceRequest trace, LabProgress.Listener listener, CancelToken cancel);
    }

    private final ReadOnlyObjectProperty<Lesson> lesson;
    private final Lab lab;
    private final BooleanProperty record = new SimpleBooleanProperty(false);
    /** The choice as the lab's thread reads it: the property belongs to the FX thread. */
    private volatile boolean recordNext;

    private final Map<String, ScenarioTrace> recorded = new ConcurrentHashMap<>();

    public KernelTraces(ReadOnlyObjectProperty<Lesson> lesson) {
        this(lesson, KernelLab::run);
    }

    public KernelTraces(ReadOnlyObjectProperty<Lesson> lesson, Lab lab) {
        this.lesson = lesson;
        this.lab = lab;
        record.addListener((o, a, on) -> recordNext = on);
    }

    /** True: the next run records the kernel's trace of each scenario (the run takes about twice as long). */
    public BooleanProperty recordProperty() {
        return record;
    }

    /** The card's runner: the lab run, traced (traces kept in the report) when {@link #recordProperty()} is on. */
    public KernelLabReport run(KernelLabRequest request, LabProgress.Listener listener, CancelToken cancel) {
        recorded.clear();
        KernelLabReport r =
                lab.run(request, recordNext ? TraceRequest.inReport() : TraceRequest.NONE, listener, cancel);
        for (ScenarioTrace t : r.traces()) {
            recorded.put(t.scenario().id(), t);
        }
        return r;
    }

    /** What the card of {@code scenarioId} offers of its trace; empty when the last run did not record traces. */
    public Optional<TraceOffer> offer(String scenarioId) {
        ScenarioTrace t = recorded.get(scenarioId);
        return t == null ? Optional.empty() : Optional.of(offerOf(t));
    }

    static TraceOffer offerOf(ScenarioTrace t) {
        String id = t.scenario().id();
        if (!t.recorded()) {
            return new TraceOffer(
                    id,
                    false,
                    "The kernel's trace was not recorded: "
                            + (t.notRecorded().isEmpty() ? "no reason given" : String.join("; ", t.notRecorded())),
                    0);
        }
        String verdict = t.tracedRun()
                .map(r -> " (its own verdict: " + r.outcome().label().toUpperCase(Locale.ROOT) + ")")
                .orElse("");
        String cost = t.cost().map(c -> "; tracing cost: " + c.describe()).orElse("");
        String lost = t.lost() == 0
                ? "; the ring buffer lost nothing"
                : String.format(
                        Locale.ROOT,
                        "; the ring buffer lost %,d event(s): the trace has gaps, some moments of the race are missing",
                        t.lost());
        return new TraceOffer(
                id,
                true,
                "The kernel's trace, recorded in a second, traced run" + verdict + ": "
                        + t.failures().size() + " failure(s) picked" + lost + cost,
                t.lost());
    }

    /**
     * Opens the recording of {@code scenarioId} in a window of its own, beside the open lesson's scripted run: the
     * picture is built off the FX thread (the lesson played, the failures laid out), the window shown when done.
     */
    public @Nullable Task<TracePicture> open(Window owner, String scenarioId, Consumer<String> onError) {
        ScenarioTrace t = recorded.get(scenarioId);
        if (t == null || t.story().isEmpty()) {
            onError.accept("no trace of " + scenarioId + " was recorded in the last run");
            return null;
        }
        Lesson l = lesson.get(); // read on the FX thread; lessons are immutable
        var story = t.story().get();
        return KernelTraceWindow.open(
                owner,
                story.scenario() + " — the kernel's trace",
                () -> TracePicture.of(story, l == null ? List.of() : ModelStep.of(l.play(l.defaultPolicy()))),
                onError);
    }
}
