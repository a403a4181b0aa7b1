package org.diolab.lesson;

import java.util.List;
import java.util.Optional;

/**
 * Every lesson found, loaded or broken, in file-name order.
 *
 * @param warnings what {@code check} found worth a look in lessons that still load (a quiz answer the narration gives
 *                 away, ...); empty when the lessons were only loaded
 */
public record LessonLibrary(List<Lesson> lessons, List<BrokenLesson> broken, List<Problem> warnings) {
    public LessonLibrary {
        lessons = List.copyOf(lessons);
        broken = List.copyOf(broken);
        warnings = List.copyOf(warnings);
    }

    public LessonLibrary(List<Lesson> lessons, List<BrokenLesson> broken) {
        this(lessons, broken, List.of());
    }

    public Optional<Lesson> find(String id) {
        return lessons.stream().filter(l -> l.id().equals(id)).findFirst();
    }

    public List<String> ids() {
        return lessons.stream().map(Lesson::id).toList();
    }
}
