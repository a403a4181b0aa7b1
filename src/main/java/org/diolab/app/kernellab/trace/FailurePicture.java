package org.diolab.app.kernellab.trace;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalInt;
import org.diolab.live.kernel.trace.view.Beat;
import org.diolab.live.kernel.trace.view.FailureView;
import org.diolab.live.kernel.trace.view.ModelAlignment;
import org.diolab.live.kernel.trace.view.Span;
import org.diolab.live.kernel.trace.view.ViewColumn;

/**
 * One picked failure as the view draws it: column labels left to right, its events ({@link Dot}) in time order, its
 * bars ({@link Bar}), the events to step through (the story's, not the scheduler's), and for each step of the
 * lesson's run the event it lines up with ({@link ModelAlignment}), or -1; and how many events the ring buffer lost
 * while it ran (0: none that the recording knows of).
 */
public record FailurePicture(
        int index,
        String title,
        boolean truncated,
        List<String> columns,
        List<Dot> dots,
        List<Bar> bars,
        List<Integer> steps,
        List<ModelStep> model,
        List<Integer> beatOfModelStep,
        long lostInside) {
    public FailurePicture {
        columns = List.copyOf(columns);
        dots = List.copyOf(dots);
        bars = List.copyOf(bars);
        steps = List.copyOf(steps);
        model = List.copyOf(model);
        beatOfModelStep = List.copyOf(beatOfModelStep);
    }

    /** An event: µs from the failure's start and since boot, its column, the lesson's words, its line and fields. */
    public record Dot(
            int index,
            double micros,
            double atMicros,
            int column,
            String words,
            String what,
            String detail,
            Map<String, String> fields,
            boolean red) {
        public Dot {
            fields = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(fields));
        }
    }

    /** Something that lasts: the call, a device request (issue to completion), a marked scribbler pass. */
    public record Bar(String kind, int column, double fromMicros, double toMicros, String label, boolean red) {}

    static FailurePicture of(FailureView f, List<ModelStep> model) {
        List<String> cols = f.columns().stream().map(ViewColumn::label).toList();
        List<Dot> dots = new ArrayList<>();
        for (Beat b : f.beats()) {
            dots.add(new Dot(
                    b.index(),
                    b.micros(),
                    b.atMicros(),
                    b.column(),
                    b.words(),
                    b.what(),
                    b.detail(),
                    b.fields(),
                    b.red()));
        }
        List<Bar> bars = new ArrayList<>();
        for (Span s : f.spans()) {
            bars.add(new Bar(
                    s.kind().name().toLowerCase(Locale.ROOT),
                    s.column(),
                    s.fromMicros(),
                    s.toMicros(),
                    s.label(),
                    s.red()));
        }
        List<Integer> steps = f.steps().stream().map(Beat::index).toList();
        ModelAlignment a = ModelAlignment.align(ModelStep.labels(model), f);
        return new FailurePicture(
                f.index(), f.title(), f.truncated(), cols, dots, bars, steps, model, a.beatOf(), f.lostInside());
    }

    /** The event model step {@code step} lines up with. */
    public OptionalInt beatFor(int step) {
        int b = step < beatOfModelStep.size() ? beatOfModelStep.get(step) : -1;
        return b < 0 ? OptionalInt.empty() : OptionalInt.of(b);
    }

    /** The model step lined up with event {@code beat}, if any. */
    public OptionalInt stepFor(int beat) {
        int i = beatOfModelStep.indexOf(beat);
        return i < 0 ? OptionalInt.empty() : OptionalInt.of(i);
    }
}
