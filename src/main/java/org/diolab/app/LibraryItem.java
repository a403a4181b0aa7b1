package org.diolab.app;

import org.diolab.lesson.BrokenLesson;
import org.diolab.lesson.Lesson;

/** A row of the lesson library: a topic heading, a lesson, or a lesson file that failed to load. */
public sealed interface LibraryItem {
    record Topic(String name) implements LibraryItem {
    }

    record Entry(Lesson lesson) implements LibraryItem {
    }

    record Broken(BrokenLesson broken) implements LibraryItem {
    }
}
