package org.diolab.app.numbers;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.diolab.lesson.Lesson;
import org.diolab.lesson.SeedNumbers;
import org.diolab.perf.IoPath;
import org.diolab.perf.MachineCosts;
import org.junit.jupiter.api.Test;

/** Seed tables name real model machines and paths, and the model lands near the seeds' own ratios. */
class ModelRatiosTest {
    private final List<Lesson> lessons = org.diolab.TestLessons.bundled().lessons();

    @Test
    void everyModelKeyInTheLessonsNamesAMachineAndAPathTheModelKnows() {
        int modelled = 0;
        for (Lesson l : lessons) {
            for (SeedNumbers t : l.numbers()) {
                if (t.machine() != null) {
                    assertThat(MachineCosts.preset(t.machine()))
                            .as("%s: machine %s", l.id(), t.machine())
                            .isPresent();
                }
                for (SeedNumbers.Row r : t.rows()) {
                    if (r.model() != null) {
                        assertThat(IoPath.byId(r.model()))
                                .as("%s: model %s", l.id(), r.model())
                                .isPresent();
                        modelled++;
                    }
                }
            }
        }
        assertThat(modelled).as("rows with a model prediction").isGreaterThan(0);
    }

    @Test
    void wherePredictedTheModelAgreesWithTheSeedOnDirection() {
        for (Lesson l : lessons) {
            for (SeedNumbers t : l.numbers()) {
                for (SeedNumbers.Row r : t.rows()) {
                    var model = ModelRatios.ratio(t, r);
                    // the model has no filesystem overhead: where it predicts no change, there is no direction to check
                    if (model.isPresent()
                            && Math.abs(t.ratio(r) - 1) > 0.05
                            && Math.abs(model.getAsDouble() - 1) > 0.02) {
                        assertThat(Math.signum(model.getAsDouble() - 1))
                                .as(
                                        "%s / %s: seed ×%.2f, model ×%.2f",
                                        l.id(), r.label(), t.ratio(r), model.getAsDouble())
                                .isEqualTo(Math.signum(t.ratio(r) - 1));
                    }
                }
            }
        }
    }
}
