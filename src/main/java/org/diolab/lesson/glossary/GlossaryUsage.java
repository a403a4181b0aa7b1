package org.diolab.lesson.glossary;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.diolab.lesson.Lesson;
import org.diolab.lesson.LessonProse;

/**
 * Which lessons use which glossary terms, computed from the lessons themselves: a lesson uses a term when one of its
 * texts ({@link LessonProse#of}) names it, when one of its lanes shows a step the term stands for, or when its stage
 * draws it ({@link LessonProse#stageLabels}: a folio's flags, the devices, ...). Computing it plays every lesson,
 * so do it once, off the FX thread.
 */
public final class GlossaryUsage {
    private final Map<String, List<String>> lessonsByTerm;
    private final Map<String, List<String>> termsByLesson;

    private GlossaryUsage(Map<String, List<String>> lessonsByTerm, Map<String, List<String>> termsByLesson) {
        this.lessonsByTerm = lessonsByTerm;
        this.termsByLesson = termsByLesson;
    }

    /** The usage of {@code glossary}'s terms in {@code lessons} (kept in their order). */
    public static GlossaryUsage of(Glossary glossary, List<Lesson> lessons) {
        Map<String, Set<String>> byTerm = new LinkedHashMap<>();
        glossary.entries().forEach(e -> byTerm.put(e.term(), new LinkedHashSet<>()));
        Map<String, List<String>> byLesson = new LinkedHashMap<>();
        for (Lesson l : lessons) {
            Set<String> terms = new LinkedHashSet<>();
            for (LessonProse.Passage p : LessonProse.of(l)) {
                glossary.find(p.text()).forEach(s -> terms.add(s.entry().term()));
            }
            for (String label : LessonProse.stepLabels(l)) {
                glossary.forStep(label).ifPresent(e -> terms.add(e.term()));
            }
            for (String label : LessonProse.stageLabels(l)) {
                glossary.find(label).forEach(s -> terms.add(s.entry().term()));
            }
            terms.forEach(t -> byTerm.get(t).add(l.id()));
            byLesson.put(l.id(), List.copyOf(terms));
        }
        Map<String, List<String>> out = new LinkedHashMap<>();
        byTerm.forEach((t, ls) -> out.put(t, List.copyOf(ls)));
        return new GlossaryUsage(out, byLesson);
    }

    /** The ids of the lessons that use {@code entry}, in the lessons' order. */
    public List<String> lessons(GlossaryEntry entry) {
        return lessonsByTerm.getOrDefault(entry.term(), List.of());
    }

    /** The headwords lesson {@code id} uses, in the order it first uses them. */
    public List<String> terms(String lessonId) {
        return termsByLesson.getOrDefault(lessonId, List.of());
    }

    /** The headwords no lesson uses. */
    public List<String> unused() {
        List<String> out = new ArrayList<>();
        lessonsByTerm.forEach((t, ls) -> {
            if (ls.isEmpty()) {
                out.add(t);
            }
        });
        return out;
    }
}
