package org.diolab.lesson;

import java.util.List;
import java.util.Optional;

/** Every lesson found, loaded or broken, in file-name order. */
public record LessonLibrary(List<Lesson> lessons, List<BrokenLesson> broken) {
    public LessonLibrary {
        lessons = List.copyOf(lessons);
        broken = List.copyOf(broken);
    }

    public Optional<Lesson> find(String id) {
        return lessons.stream().filter(l -> l.id().equals(id)).findFirst();
    }

    public List<String> ids() {
        return lessons.stream().map(Lesson::id).toList();
    }
}
