package org.diolab.live.kernel.trace.view;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

/**
 * "Beside the model": which beat of a failure each step of the lesson's scripted run lines up with. The model's steps
 * are given by their labels in order (a scripted run's events carry them: "pin", "build-bio", "submit", "dma",
 * "store", "end-io", "verify", "return"); each is matched to the first beat after the previous match whose model
 * labels include it, so the pairs keep both orders. Steps the kernel's events cannot show (pinning, a checksum
 * computed in memory) stay unmatched.
 *
 * @param beatOf for each model step, the index of its beat, or -1
 */
public record ModelAlignment(List<Integer> beatOf) {
    public ModelAlignment {
        beatOf = List.copyOf(beatOf);
    }

    public static ModelAlignment align(List<String> modelLabels, FailureView f) {
        List<Integer> out = new ArrayList<>();
        int from = 0;
        for (String label : modelLabels) {
            int found = -1;
            for (int j = from; j < f.beats().size(); j++) {
                if (f.beats().get(j).modelLabels().contains(label)) {
                    found = j;
                    break;
                }
            }
            out.add(found);
            if (found >= 0) {
                from = found + 1;
            }
        }
        return new ModelAlignment(out);
    }

    /** The beat model step {@code step} lines up with. */
    public OptionalInt beatFor(int step) {
        int b = step < beatOf.size() ? beatOf.get(step) : -1;
        return b < 0 ? OptionalInt.empty() : OptionalInt.of(b);
    }

    /** The model step lined up with beat {@code beat}, if any. */
    public OptionalInt stepFor(int beat) {
        int i = beatOf.indexOf(beat);
        return i < 0 ? OptionalInt.empty() : OptionalInt.of(i);
    }

    /** How many model steps found their beat. */
    public long matched() {
        return beatOf.stream().filter(b -> b >= 0).count();
    }
}
