package org.diolab;

import org.diolab.lesson.LessonLibrary;
import org.diolab.lesson.LessonLoader;

/** The bundled lessons, loaded once per test JVM: lessons are immutable, so every test may share them. */
public final class TestLessons {
    private static LessonLibrary bundled;

    private TestLessons() {}

    public static synchronized LessonLibrary bundled() {
        if (bundled == null) {
            bundled = LessonLoader.loadBundled();
        }
        return bundled;
    }
}
