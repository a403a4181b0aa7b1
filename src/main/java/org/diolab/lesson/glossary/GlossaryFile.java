package org.diolab.lesson.glossary;

import java.util.List;
import org.diolab.lesson.Problem;

/**
 * A glossary as read from its file, with everything wrong with the file ({@code file:line:column}). The entries that
 * are fine are in the glossary all the same, so one bad entry costs only itself.
 *
 * @param exists whether the folder has a glossary file at all
 */
public record GlossaryFile(String file, Glossary glossary, List<Problem> problems, boolean exists) {
    public GlossaryFile {
        problems = List.copyOf(problems);
    }
}
