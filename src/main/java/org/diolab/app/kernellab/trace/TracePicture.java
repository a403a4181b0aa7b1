package org.diolab.app.kernellab.trace;

import java.util.ArrayList;
import java.util.List;
import org.diolab.live.kernel.trace.view.FailureView;
import org.diolab.live.kernel.trace.view.TraceStory;

/**
 * What the trace view draws, in the app's own immutable records (views draw what they are given, never the live
 * backend's types): the recording's title, finding and losses, and each picked failure lined up with the lesson's run.
 */
public record TracePicture(String title, String finding, long lost, List<FailurePicture> failures) {
    public TracePicture {
        failures = List.copyOf(failures);
    }

    /** The picture of {@code story}, each failure beside {@code model} (empty: no model column). */
    public static TracePicture of(TraceStory story, List<ModelStep> model) {
        List<FailurePicture> out = new ArrayList<>();
        for (FailureView f : story.failures()) {
            out.add(FailurePicture.of(f, model));
        }
        return new TracePicture(story.title(), story.finding(), story.lost(), out);
    }
}
