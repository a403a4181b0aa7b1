package org.diolab.lesson.yaml;

import java.util.List;
import java.util.Map;

/**
 * A YAML value that remembers where it was written, so every error in a lesson can name file:line:column.
 */
public sealed interface Node {
    int line();

    int column();

    /** A short name of the kind of value, for messages like "expected a list, found a text". */
    String kind();

    /** A mapping; keys keep their written order and their own positions. */
    record MapNode(Map<String, Node> entries, Map<String, int[]> keyPositions, int line, int column) implements Node {
        public String kind() {
            return "a mapping";
        }

        /** Position {line, column} of {@code key}, or of the map itself if the key is absent. */
        public int[] positionOf(String key) {
            int[] p = keyPositions.get(key);
            return p != null ? p : new int[] {line, column};
        }
    }

    record ListNode(List<Node> items, int line, int column) implements Node {
        public String kind() {
            return "a list";
        }
    }

    /** A scalar as written; {@code null} text stands for YAML null ({@code ~} or nothing). */
    record ScalarNode(String text, int line, int column) implements Node {
        public String kind() {
            return text == null ? "nothing (null)" : "a text";
        }
    }
}
