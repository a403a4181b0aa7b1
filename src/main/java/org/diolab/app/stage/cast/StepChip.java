package org.diolab.app.stage.cast;

import java.util.List;

/**
 * One micro-step in a lane. A {@link ChipState#SKIPPED} chip stands for a run of consecutive steps this run does not
 * take, listed in {@code folded}, so the lane shows the path taken and still says what was left out.
 */
public record StepChip(String label, ChipState state, List<String> folded) {
    public StepChip {
        folded = List.copyOf(folded);
    }

    public static StepChip of(String label, ChipState state) {
        return new StepChip(label, state, List.of());
    }

    public static StepChip skipped(List<String> labels) {
        return new StepChip("⋯", ChipState.SKIPPED, labels);
    }
}
