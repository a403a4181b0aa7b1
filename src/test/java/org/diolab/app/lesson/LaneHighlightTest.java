package org.diolab.app.lesson;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.diolab.TestLessons;
import org.diolab.app.stage.cast.ActorLane;
import org.diolab.app.stage.cast.ChipState;
import org.diolab.app.stage.cast.LaneState;
import org.diolab.app.stage.cast.StepChip;
import org.diolab.lesson.Lesson;
import org.diolab.lesson.PolicyChoice;
import org.junit.jupiter.api.Test;

/**
 * A lane's highlight never contradicts its status (issue 9: under exclusive-pin-uncached, step 9, t1 said "idle ·
 * done" while "wait-exclusive" was highlighted, and t2 said "next: wait-exclusive" while "build-bio" was). Checked
 * for every lesson, policy and step: at most one chip is next; a finished actor has none; a ready actor's next chip
 * is the step its status names.
 */
class LaneHighlightTest {
    @Test
    void theHighlightedChipIsTheStepTheStatusNames() {
        List<String> problems = new ArrayList<>();
        int lanes = 0;
        for (Lesson l : TestLessons.bundled().lessons()) {
            for (PolicyChoice c : l.policies()) {
                LessonViewModel vm = new LessonViewModel();
                vm.open(l, c.policy(), 0);
                for (int i = 0; i <= vm.lastIndexProperty().get(); i++) {
                    vm.goTo(i);
                    for (ActorLane lane : vm.lanesProperty().get()) {
                        if (lane.steps().isEmpty()) {
                            continue;
                        }
                        lanes++;
                        String where = l.id() + "/" + c.policy().id() + " step " + i + " " + lane.id() + " ("
                                + lane.state() + " · " + lane.note() + "): ";
                        List<StepChip> next = lane.steps().stream()
                                .filter(s -> s.state() == ChipState.NEXT)
                                .toList();
                        if (next.size() > 1) {
                            problems.add(where + next.size() + " chips highlighted");
                        }
                        if (lane.state() == LaneState.DONE && !next.isEmpty()) {
                            problems.add(where + "done but '" + next.getFirst().label() + "' is highlighted");
                        }
                        if (lane.state() == LaneState.READY && lane.note().startsWith("next: ")) {
                            String named = lane.note().substring("next: ".length());
                            if (next.isEmpty() || !next.getFirst().label().equals(named)) {
                                problems.add(where + "highlights "
                                        + (next.isEmpty()
                                                ? "nothing"
                                                : "'" + next.getFirst().label() + "'"));
                            }
                        }
                    }
                }
            }
        }
        assertThat(problems).isEmpty();
        assertThat(lanes).isGreaterThan(500);
    }
}
