package org.diolab.lesson;

import java.util.List;
import java.util.Map;
import org.diolab.engine.op.Policy;
import org.diolab.lesson.yaml.Node;

/**
 * Where the parts of a lesson that {@code check} judges by playing were written, so a problem found only then still
 * names file:line:column.
 *
 * @param expect    each policy's {@code expect} entry
 * @param schedule  each script line, in order (the lines of a repeat point at their item)
 * @param narration each narration rule, in the book's order
 * @param quiz      each quiz question, in order
 * @param prerequisites each item of {@code prerequisites}, in order
 */
public record LessonSourceMap(
        Map<Policy, Node> expect,
        List<Node> schedule,
        List<Node> narration,
        List<Node> quiz,
        List<Node> prerequisites) {
    public LessonSourceMap {
        expect = Map.copyOf(expect);
        schedule = List.copyOf(schedule);
        narration = List.copyOf(narration);
        quiz = List.copyOf(quiz);
        prerequisites = List.copyOf(prerequisites);
    }

    public LessonSourceMap(Map<Policy, Node> expect, List<Node> schedule, List<Node> narration) {
        this(expect, schedule, narration, List.of(), List.of());
    }

    public static LessonSourceMap empty() {
        return new LessonSourceMap(Map.of(), List.of(), List.of());
    }
}
