package org.diolab.live.kernel.trace.meaning;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Constructor;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.diolab.engine.step.Instr;
import org.junit.jupiter.api.Test;

/**
 * What a kernel event lines up with in the model is named in the model's own terms: every instruction a step names
 * is a record of {@code engine.step.Instr}, and every label is one a scripted run's steps carry (an instruction's
 * {@code label()}, or "dma" for a device's step).
 */
class StepModelTest {
    @Test
    void everyInstructionAStepNamesIsOneOfTheModels() {
        Set<String> records = new HashSet<>();
        for (Class<?> c : Instr.class.getPermittedSubclasses()) {
            records.add(c.getSimpleName());
        }
        for (Step s : Step.values()) {
            assertThat(records).as(s + "'s instructions").containsAll(s.modelInstrs());
        }
    }

    @Test
    void everyLabelAStepNamesIsOneTheModelsStepsCarry() throws Exception {
        Set<String> labels = new HashSet<>(List.of("dma", "csum-work"));
        List<String> unbuilt = new ArrayList<>();
        for (Class<?> c : Instr.class.getPermittedSubclasses()) {
            try {
                labels.add(((Instr) build(c)).label());
            } catch (ReflectiveOperationException | RuntimeException e) {
                unbuilt.add(c.getSimpleName());
            }
        }
        labels.add("drop-folio"); // DropFolio's label for DONTCACHE, "invalidate" otherwise
        for (Step s : Step.values()) {
            assertThat(labels)
                    .as(s + "'s labels (instructions not built here: " + unbuilt + ")")
                    .containsAll(s.modelLabels());
        }
    }

    /** A record with plain values: "" for strings, empty lists, 0, false, an enum's first constant. */
    private static Object build(Class<?> c) throws ReflectiveOperationException {
        RecordComponent[] rc = c.getRecordComponents();
        Class<?>[] types = Arrays.stream(rc).map(RecordComponent::getType).toArray(Class<?>[]::new);
        Object[] args = new Object[rc.length];
        for (int i = 0; i < rc.length; i++) {
            Class<?> t = types[i];
            args[i] = t == String.class
                    ? ""
                    : t == List.class
                            ? List.of()
                            : t == int.class
                                    ? 0
                                    : t == boolean.class ? false : t.isEnum() ? t.getEnumConstants()[0] : null;
        }
        Constructor<?> k = c.getDeclaredConstructor(types);
        k.setAccessible(true);
        return k.newInstance(args);
    }
}
