package org.diolab.lesson;

import java.util.ArrayList;
import java.util.List;
import org.diolab.lesson.yaml.Node;

/** Collects every problem in one file, so an author sees them all at once rather than one per run. */
public final class Problems {
    private final String file;
    private final List<Problem> list = new ArrayList<>();

    public Problems(String file) {
        this.file = file;
    }

    public String file() {
        return file;
    }

    public void at(Node node, String message, String hint) {
        at(node.line(), node.column(), message, hint);
    }

    /** At {@code {line, column}}. */
    public void at(int[] position, String message, String hint) {
        at(position[0], position[1], message, hint);
    }

    public void at(int line, int column, String message, String hint) {
        list.add(new Problem(file, line, column, message, hint));
    }

    /** Something worth a look that does not break the lesson, at {@code {line, column}}. */
    public void warn(int[] position, String message, String hint) {
        list.add(new Problem(file, position[0], position[1], message, hint, true));
    }

    /** Whether any error (not a warning) was found. */
    public boolean any() {
        return list.stream().anyMatch(p -> !p.warning());
    }

    public List<Problem> all() {
        return List.copyOf(list);
    }
}
