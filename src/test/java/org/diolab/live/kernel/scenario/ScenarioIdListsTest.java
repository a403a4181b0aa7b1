package org.diolab.live.kernel.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.diolab.lesson.KernelLabRef;
import org.junit.jupiter.api.Test;

/**
 * The registry ({@link Scenario}) is the one list of kernel-lab scenarios; the lists that cannot read it say the same
 * ids in the same order, and the tests name what is missing or extra. The lesson format's list
 * ({@link KernelLabRef#SCENARIOS}) lives where lessons may read it, since lessons do not depend on the kernel lab; the
 * lesson schema's list is written from the registry with the schema's other id lists (LessonSchemaIdsTest,
 * {@code -Dschema.update=true}).
 */
class ScenarioIdListsTest {
    private static List<String> registry() {
        return Arrays.stream(Scenario.values()).map(Scenario::id).toList();
    }

    @Test
    void theLessonFormatNamesTheRegistrysScenarios() {
        assertThat(KernelLabRef.SCENARIOS)
                .as(differences("KernelLabRef.SCENARIOS", KernelLabRef.SCENARIOS))
                .containsExactlyElementsOf(registry());
    }

    /** "X lacks [a] and has [b] that the registry has not" for the assertion's description. */
    private static String differences(String what, List<String> ids) {
        List<String> missing = new ArrayList<>(registry());
        missing.removeAll(ids);
        List<String> extra = new ArrayList<>(ids);
        extra.removeAll(registry());
        return what + " lacks " + missing + " and has " + extra + " that the registry (Scenario) has not";
    }
}
