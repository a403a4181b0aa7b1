package org.diolab.lesson;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import org.diolab.lesson.yaml.Node;

/**
 * What {@code check} says about the lessons' {@code prerequisites} taken together: every id names a lesson (of the
 * lessons checked, or a bundled one), and no lesson comes, through its prerequisites, before itself. Each problem is
 * reported in the file and at the item that causes it.
 */
final class PrerequisiteCheck {
    private PrerequisiteCheck() {}

    /**
     * @param lessons lessons checked together, in library order
     * @param others  further ids a prerequisite may name (the bundled lessons), asked for only when an id is unknown
     * @return problems per lesson file
     */
    static Map<String, List<Problem>> check(List<Lesson> lessons, Supplier<Set<String>> others) {
        Map<String, Lesson> byId = new LinkedHashMap<>();
        lessons.forEach(l -> byId.putIfAbsent(l.id(), l));
        Map<String, List<Problem>> out = new LinkedHashMap<>();
        Set<String> known = null;
        for (Lesson l : lessons) {
            for (int i = 0; i < l.prerequisites().size(); i++) {
                String id = l.prerequisites().get(i);
                if (byId.containsKey(id)) {
                    continue;
                }
                if (known == null) {
                    known = others.get();
                }
                if (!known.contains(id)) {
                    List<String> valid = new ArrayList<>(byId.keySet());
                    valid.remove(l.id());
                    add(out, l, i, "prerequisite '" + id + "' is not a lesson", Suggest.hint(id, valid));
                }
            }
        }
        cycles(lessons, byId, out);
        return out;
    }

    /** Each cycle once, reported at the edge of every lesson on it. */
    private static void cycles(List<Lesson> lessons, Map<String, Lesson> byId, Map<String, List<Problem>> out) {
        Map<String, Integer> state = new HashMap<>(); // absent: unseen, 1: on the current path, 2: done
        for (Lesson l : lessons) {
            visit(l, byId, state, new ArrayList<>(), out);
        }
    }

    private static void visit(
            Lesson l,
            Map<String, Lesson> byId,
            Map<String, Integer> state,
            List<Lesson> path,
            Map<String, List<Problem>> out) {
        Integer s = state.get(l.id());
        if (s != null && s == 2) {
            return;
        }
        if (s != null) {
            int from = indexOf(path, l.id());
            List<Lesson> cycle = path.subList(from, path.size());
            List<String> names = new ArrayList<>(cycle.stream().map(Lesson::id).toList());
            names.add(l.id());
            String ring = String.join(" → ", names);
            for (int i = 0; i < cycle.size(); i++) {
                Lesson at = cycle.get(i);
                String next = names.get(i + 1);
                add(
                        out,
                        at,
                        at.prerequisites().indexOf(next),
                        "the prerequisites go round in a circle: " + ring,
                        "a lesson cannot come before itself: remove one of these prerequisites");
            }
            return;
        }
        state.put(l.id(), 1);
        path.add(l);
        for (String p : l.prerequisites()) {
            Lesson next = byId.get(p);
            if (next != null) {
                visit(next, byId, state, path, out);
            }
        }
        path.removeLast();
        state.put(l.id(), 2);
    }

    private static int indexOf(List<Lesson> path, String id) {
        for (int i = 0; i < path.size(); i++) {
            if (path.get(i).id().equals(id)) {
                return i;
            }
        }
        return 0;
    }

    private static void add(Map<String, List<Problem>> out, Lesson l, int item, String message, String hint) {
        List<Node> nodes = l.sourceMap().prerequisites();
        Node n = item >= 0 && item < nodes.size() ? nodes.get(item) : null;
        int line = n == null ? 1 : n.line();
        int col = n == null ? 1 : n.column();
        out.computeIfAbsent(l.file(), k -> new ArrayList<>()).add(new Problem(l.file(), line, col, message, hint));
    }
}
