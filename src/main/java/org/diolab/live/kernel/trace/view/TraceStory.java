package org.diolab.live.kernel.trace.view;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.diolab.live.kernel.trace.meaning.Failure;
import org.diolab.live.kernel.trace.meaning.LossGap;

/**
 * A scenario's recording for the app's "Show the kernel's trace": what it was recorded for, what it shows, and its
 * picked failures in order, each a {@link FailureView}; first, next and any are indexes into {@link #failures()}.
 *
 * @param shows   what to look for in this trace (the plan's sentence)
 * @param finding what this recording shows (its totals and its first failure, in words)
 * @param lost    events the ring buffer lost: 0 when the recording is whole
 */
public record TraceStory(
        String scenario, String title, String shows, String finding, List<FailureView> failures, long lost) {
    public TraceStory {
        failures = List.copyOf(failures);
    }

    public static TraceStory of(
            String scenario, String title, String shows, String finding, List<Failure> picked, long lost) {
        return of(scenario, title, shows, finding, picked, lost, List.of());
    }

    /** As above, each failure told how many events {@code gaps} lost while it ran. */
    public static TraceStory of(
            String scenario,
            String title,
            String shows,
            String finding,
            List<Failure> picked,
            long lost,
            List<LossGap> gaps) {
        List<FailureView> views = new ArrayList<>();
        for (Failure f : picked) {
            long inside = gaps.stream()
                    .filter(g -> g.overlaps(f.fromNanos(), f.toNanos()))
                    .mapToLong(LossGap::count)
                    .sum();
            views.add(FailureView.of(views.size(), f, inside));
        }
        return new TraceStory(scenario, title, shows, finding, views, lost);
    }

    /** The first pick, if there is one. */
    public Optional<FailureView> first() {
        return failures.isEmpty() ? Optional.empty() : Optional.of(failures.getFirst());
    }

    /** The pick after {@code index}, if any. */
    public Optional<FailureView> next(int index) {
        return index + 1 < failures.size() ? Optional.of(failures.get(index + 1)) : Optional.empty();
    }

    /** The pick before {@code index}, if any. */
    public Optional<FailureView> previous(int index) {
        return index > 0 && index <= failures.size() ? Optional.of(failures.get(index - 1)) : Optional.empty();
    }
}
