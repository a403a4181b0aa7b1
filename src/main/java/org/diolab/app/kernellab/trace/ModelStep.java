package org.diolab.app.kernellab.trace;

import java.util.ArrayList;
import java.util.List;
import org.diolab.engine.EventKind;
import org.diolab.engine.Snapshot;
import org.diolab.engine.Trace;

/**
 * One step of the lesson's scripted run, as the trace view puts it beside the kernel's events: its label (what
 * {@link org.diolab.live.kernel.trace.view.ModelAlignment} matches on: "build-bio", "dma", "verify"), who acted and
 * what happened, in the model's words.
 */
public record ModelStep(String label, String actor, String action) {
    /** The steps of a scripted run, in order (the start is not a step). */
    public static List<ModelStep> of(Trace run) {
        List<ModelStep> out = new ArrayList<>();
        for (Snapshot s : run.snapshots()) {
            if (s.event().kind() == EventKind.STEP) {
                out.add(new ModelStep(
                        s.event().label(), s.event().actor(), s.event().action()));
            }
        }
        return out;
    }

    /** The labels of {@code steps}, in order. */
    public static List<String> labels(List<ModelStep> steps) {
        return steps.stream().map(ModelStep::label).toList();
    }
}
