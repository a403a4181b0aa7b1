package org.diolab.lesson;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.RecordComponent;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.diolab.engine.Snapshot;
import org.diolab.engine.invariant.Invariant;
import org.diolab.engine.op.Policy;
import org.diolab.engine.step.Instr;
import org.junit.jupiter.api.Test;

/**
 * The format guide (lessons/README.md) names the policy presets, the invariants and the step labels a lesson may use:
 * each list is the code's, so a preset, invariant or micro-step added without its line in the guide fails here.
 */
class LessonGuideIdsTest {
    private static final Path GUIDE = Path.of("lessons", "README.md");

    private static String guide() throws IOException {
        return Files.readString(GUIDE, StandardCharsets.UTF_8);
    }

    /** The text from {@code start} up to {@code end} (both must be there). */
    private static String between(String text, String start, String end) {
        int from = text.indexOf(start);
        assertThat(from).as("%s has '%s'", GUIDE, start).isNotNegative();
        int to = text.indexOf(end, from + start.length());
        assertThat(to).as("%s has '%s' after '%s'", GUIDE, end, start).isNotNegative();
        return text.substring(from + start.length(), to);
    }

    /** Every `code` span of {@code text}. */
    private static Set<String> codeSpans(String text) {
        Set<String> out = new LinkedHashSet<>();
        Matcher m = Pattern.compile("`([^`]+)`").matcher(text);
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }

    @Test
    void thePresetsParagraphNamesEveryPresetAndNoOther() throws IOException {
        Set<String> named = codeSpans(between(guide(), "\nPresets: ", "\n\n"));

        assertThat(named).as("presets in %s", GUIDE).containsExactlyInAnyOrderElementsOf(Policy.ids());
    }

    @Test
    void theInvariantsSectionNamesEveryInvariantAndNoOther() throws IOException {
        Set<String> named = codeSpans(between(guide(), "\n## Invariants\n", "\n## "));

        assertThat(named)
                .as("invariants in %s", GUIDE)
                .containsExactlyInAnyOrderElementsOf(Invariant.explanations().keySet());
    }

    @Test
    void theStepLabelsAreTheMicroStepsLabels() throws IOException {
        String line = between(guide(), "\nStep labels (for `schedule` and `at`): `", "`;");
        Set<String> named = new TreeSet<>(List.of(line.strip().split("\\s+")));

        assertThat(named).as("thread step labels in %s", GUIDE).isEqualTo(instrLabels());
    }

    @Test
    void theDeviceAndWorkerLabelsAreTheOnesTheyRun() throws IOException {
        String rest = between(guide(), "\nStep labels (for `schedule` and `at`): `", "\n\n")
                .replaceAll("\\s+", " ");
        LessonLibrary lib = LessonLoader.loadBundled();
        Set<String> legs = labelsOf(lib, "raid1-mirrors-diverge", Policy.ZERO_COPY, "leg0");
        Set<String> worker = labelsOf(lib, "async-csum-pipelining", Policy.ASYNC_CSUM, "kworker");

        assertThat(rest).contains("devices: `" + String.join("`, `", legs) + "`");
        assertThat(rest).contains("kworker: `" + String.join("`, `", worker) + "`");
    }

    private static Set<String> labelsOf(LessonLibrary lib, String lesson, Policy p, String actor) {
        Set<String> out = new TreeSet<>();
        for (Snapshot s : lib.find(lesson).orElseThrow().play(p).snapshots()) {
            if (s.event().actor().equals(actor)) {
                out.add(s.event().label());
            }
        }
        assertThat(out).as("%s's steps in %s under %s", actor, lesson, p).isNotEmpty();
        return out;
    }

    /**
     * The label of every micro-step kind, read from the code: each record of {@link Instr} built with every value of
     * its enum and boolean components (a label may depend on them), the other components left empty; a record wrapping
     * another step has that step's label.
     */
    static Set<String> instrLabels() {
        Set<String> out = new TreeSet<>();
        for (Class<?> kind : Instr.class.getPermittedSubclasses()) {
            RecordComponent[] parts = kind.getRecordComponents();
            if (java.util.Arrays.stream(parts).anyMatch(c -> c.getType() == Instr.class)) {
                continue; // a wrapper (When) is labelled as the step it wraps
            }
            List<Object[]> argLists = new ArrayList<>();
            argLists.add(new Object[parts.length]);
            for (int i = 0; i < parts.length; i++) {
                List<Object> values = values(parts[i].getType());
                List<Object[]> next = new ArrayList<>();
                for (Object[] args : argLists) {
                    for (Object v : values) {
                        Object[] copy = args.clone();
                        copy[i] = v;
                        next.add(copy);
                    }
                }
                argLists = next;
            }
            try {
                Constructor<?> c = kind.getDeclaredConstructor(java.util.Arrays.stream(parts)
                        .map(RecordComponent::getType)
                        .toArray(Class<?>[]::new));
                for (Object[] args : argLists) {
                    out.add(((Instr) c.newInstance(args)).label());
                }
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(kind + ": " + e, e);
            }
        }
        return out;
    }

    private static List<Object> values(Class<?> type) {
        if (type.isEnum()) {
            return List.of(type.getEnumConstants());
        }
        if (type == boolean.class) {
            return List.of(false, true);
        }
        if (type == int.class) {
            return List.of(0);
        }
        if (type == List.class) {
            return List.of(List.of());
        }
        List<Object> none = new ArrayList<>();
        none.add(null);
        return none;
    }
}
