package org.diolab.app.stage.cast;

import java.util.List;
import org.diolab.engine.model.Ref;

/**
 * One object the runs will show, with everything needed to give it a fixed place before the first step is drawn.
 *
 * @param group  the object it moves with: a clone's original bio, else itself (a group shares one slot)
 * @param order  when it first appears (first trace, then the next), to place earlier objects first
 * @param spans  per trace cast, the first and last snapshot index at which it is on show ({@code null} if never)
 * @param values every distinct value it takes (a {@code Page}, {@code Bio}, ...), to size its card for the widest
 * @param marks  every mark a broken invariant puts on it (or on its blocks or rows), to leave room for them
 */
public record CastMember(
        Ref ref, Column column, Ref group, int order, List<Span> spans, List<Object> values, List<String> marks) {
    public CastMember {
        spans = java.util.Collections.unmodifiableList(new java.util.ArrayList<>(spans));
        values = List.copyOf(values);
        marks = List.copyOf(marks);
    }

    /** First and last snapshot index (inclusive) at which an object is on show in one trace. */
    public record Span(int first, int last) {
        public boolean overlaps(Span o) {
            return o != null && first <= o.last && o.first <= last;
        }

        Span extend(int index) {
            return new Span(Math.min(first, index), Math.max(last, index));
        }
    }
}
