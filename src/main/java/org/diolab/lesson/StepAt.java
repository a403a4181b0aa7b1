package org.diolab.lesson;

import java.util.Optional;
import org.diolab.engine.EventKind;
import org.diolab.engine.Snapshot;
import org.diolab.engine.Trace;

/**
 * A step as lessons name it: {@code actor.label} or {@code actor.label#n}, the n-th time that actor is at that step in
 * the run — taking it, or found waiting at it (so {@code r3.lock} is where reader 3 blocks on the lock).
 *
 * @param occurrence 1 for the first; 0 when the text gave none (then also the first)
 */
public record StepAt(String actor, String label, int occurrence) {
    /** Parses {@code app.submit} or {@code leg0.dma#2}. */
    public static StepAt parse(String text) {
        int dot = text.indexOf('.');
        if (dot <= 0 || dot == text.length() - 1) {
            throw new IllegalArgumentException("'" + text + "' must be actor.label, e.g. 'app.submit' or 'leg1.dma'");
        }
        String label = text.substring(dot + 1);
        int n = 0;
        int hash = label.indexOf('#');
        if (hash >= 0) {
            try {
                n = Integer.parseInt(label.substring(hash + 1));
            } catch (NumberFormatException e) {
                n = -1;
            }
            if (n < 1) {
                throw new IllegalArgumentException("'" + text + "': the number after # must be 1 or more");
            }
            label = label.substring(0, hash);
        }
        return new StepAt(text.substring(0, dot), label, n);
    }

    /** The index of the snapshot of this step (taken, or waited at) in {@code trace}, if the run gets there. */
    public Optional<Integer> indexIn(Trace trace) {
        int seen = 0;
        for (Snapshot s : trace.snapshots()) {
            EventKind kind = s.event().kind();
            if ((kind == EventKind.STEP || kind == EventKind.BLOCKED)
                    && s.event().actor().equals(actor)
                    && s.event().label().equals(label)
                    && ++seen == Math.max(1, occurrence)) {
                return Optional.of(s.index());
            }
        }
        return Optional.empty();
    }

    @Override
    public String toString() {
        return actor + "." + label + (occurrence > 0 ? "#" + occurrence : "");
    }
}
