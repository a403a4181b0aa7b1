package org.diolab.live.kernel.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import org.diolab.live.kernel.trace.TracePlan;
import org.diolab.live.kernel.trace.TraceTargets;
import org.diolab.live.kernel.trace.meaning.LabDevices;
import org.junit.jupiter.api.Test;

/**
 * Every registered scenario has its trace declared, in the one place ({@link TracePlan#forScenario}): a scenario
 * added to the registry without one is named here, with where to add it.
 */
class TracePlanRegistryTest {
    @Test
    void everyScenarioHasATracePlan() {
        List<String> missing = Arrays.stream(Scenario.values())
                .map(Scenario::id)
                .filter(id -> TracePlan.forScenario(id, TraceTargets.of(LabDevices.NONE))
                        .isEmpty())
                .toList();
        assertThat(missing)
                .as("scenarios without a trace plan: add an entry for each to TracePlan.forScenario (its events, what"
                        + " it is looked at for, which loops make its race)")
                .isEmpty();
    }
}
