package org.diolab.lesson;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.diolab.lesson.yaml.Node;

/**
 * Reads the keys of one YAML mapping, reporting missing, mistyped and unknown keys (with a suggestion) to
 * {@link Problems}. Getters return {@code null} after reporting, so parsing goes on and finds the next problem too.
 */
final class Fields {
    private final Node.MapNode map;
    private final Problems problems;
    private final String where;
    private final Set<String> read = new HashSet<>();

    private Fields(Node.MapNode map, Problems problems, String where) {
        this.map = map;
        this.problems = problems;
        this.where = where;
    }

    /** Fields of {@code node}, or {@code null} (problem reported) when it is not a mapping. */
    static Fields of(Node node, Problems problems, String where) {
        if (node instanceof Node.MapNode m) {
            return new Fields(m, problems, where);
        }
        problems.at(node, where + " must be a mapping of keys to values, found " + node.kind(), null);
        return null;
    }

    Node.MapNode node() {
        return map;
    }

    boolean has(String key) {
        return map.entries().containsKey(key);
    }

    Node raw(String key) {
        read.add(key);
        return map.entries().get(key);
    }

    String text(String key) {
        Node n = raw(key);
        if (n == null) {
            int[] p = map.positionOf(key);
            problems.at(p[0], p[1], where + " is missing '" + key + "'", "add '" + key + ":' to it");
            return null;
        }
        return scalar(n, key);
    }

    String optText(String key, String fallback) {
        Node n = raw(key);
        if (n == null) {
            return fallback;
        }
        String s = scalar(n, key);
        return s == null ? fallback : s;
    }

    boolean bool(String key, boolean fallback) {
        String s = optText(key, null);
        if (s == null) {
            return fallback;
        }
        if (!s.equals("true") && !s.equals("false")) {
            problems.at(map.entries().get(key), "'" + key + "' must be true or false, found '" + s + "'", null);
            return fallback;
        }
        return Boolean.parseBoolean(s);
    }

    Integer integer(String key) {
        String s = text(key);
        if (s == null) {
            return null;
        }
        try {
            return Integer.parseInt(s);
        } catch (NumberFormatException e) {
            problems.at(map.entries().get(key), "'" + key + "' must be a whole number, found '" + s + "'", null);
            return null;
        }
    }

    /** A list of texts; a single text is taken as a list of one. Absent → empty list when optional. */
    List<String> texts(String key, boolean required) {
        Node n = raw(key);
        if (n == null) {
            if (required) {
                int[] p = map.positionOf(key);
                problems.at(p[0], p[1], where + " is missing '" + key + "'", "add '" + key + ": [...]' to it");
            }
            return List.of();
        }
        if (n instanceof Node.ScalarNode s && s.text() != null) {
            return List.of(s.text());
        }
        List<String> out = new ArrayList<>();
        if (n instanceof Node.ListNode l) {
            for (Node item : l.items()) {
                String s = scalar(item, key);
                if (s != null) {
                    out.add(s);
                }
            }
            return out;
        }
        problems.at(n, "'" + key + "' must be a list of names, found " + n.kind(), null);
        return out;
    }

    List<Node> list(String key, boolean required) {
        Node n = raw(key);
        if (n == null) {
            if (required) {
                int[] p = map.positionOf(key);
                problems.at(p[0], p[1], where + " is missing '" + key + "'", "add '" + key + ":' with a list");
            }
            return List.of();
        }
        if (n instanceof Node.ListNode l) {
            return l.items();
        }
        problems.at(n, "'" + key + "' must be a list, found " + n.kind(), "start each item with '- '");
        return List.of();
    }

    /** Reports every key that was never read: the usual sign of a typo. */
    void rejectUnknown() {
        for (String key : map.entries().keySet()) {
            if (!read.contains(key)) {
                int[] p = map.positionOf(key);
                problems.at(p[0], p[1], "unknown key '" + key + "' in " + where, Suggest.hint(key, known()));
            }
        }
    }

    private Set<String> known() {
        return read;
    }

    private String scalar(Node n, String key) {
        if (n instanceof Node.ScalarNode s && s.text() != null) {
            return s.text();
        }
        problems.at(n, "'" + key + "' must be a text, found " + n.kind(), null);
        return null;
    }
}
