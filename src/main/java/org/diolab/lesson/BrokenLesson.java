package org.diolab.lesson;

import java.util.List;

/** A lesson file that could not be loaded, and everything wrong with it. The library still opens the others. */
public record BrokenLesson(String file, List<Problem> problems) {
    public BrokenLesson {
        problems = List.copyOf(problems);
    }

    /** The first problem, formatted, for a one-line listing. */
    public String summary() {
        return problems.isEmpty() ? file + ": broken" : problems.getFirst().format();
    }
}
