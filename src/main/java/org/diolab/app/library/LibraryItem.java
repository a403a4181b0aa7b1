package org.diolab.app.library;

import java.nio.file.Path;
import org.diolab.lesson.BrokenLesson;
import org.diolab.lesson.Lesson;

/**
 * A row of the lesson library: a topic heading, a folder of the user's own lessons, a lesson, or a lesson file that
 * failed to load.
 */
public sealed interface LibraryItem {
    record Topic(String name) implements LibraryItem {}

    /** A lesson folder (or file) the user opened: how many lessons it gave, how many files are broken. */
    record Folder(Path path, int lessons, int broken) implements LibraryItem {}

    record Entry(Lesson lesson) implements LibraryItem {}

    record Broken(BrokenLesson broken) implements LibraryItem {}
}
