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

    /** A lesson's file, id and prerequisites with where each is written. */
    record Item(String file, String id, List<String> prerequisites, List<Node> nodes) {
        static Item of(Lesson l) {
            return new Item(l.file(), l.id(), l.prerequisites(), l.sourceMap().prerequisites());
        }
    }

    /**
     * @param lessons lessons checked together, in library order
     * @param others  further ids a prerequisite may name (the bundled lessons), asked for only when an id is unknown
     * @return problems per lesson file
     */
    static Map<String, List<Problem>> check(List<Lesson> lessons, Supplier<Set<String>> others) {
        return checkItems(lessons.stream().map(Item::of).toList(), others);
    }

    /** Like {@link #check}, on what a lesson says about its prerequisites (all a large check keeps of each lesson). */
    static Map<String, List<Problem>> checkItems(List<Item> lessons, Supplier<Set<String>> others) {
        Map<String, Item> byId = new LinkedHashMap<>();
        lessons.forEach(l -> byId.putIfAbsent(l.id(), l));
        Map<String, List<Problem>> out = new LinkedHashMap<>();
        Set<String> known = null;
        for (Item l : lessons) {
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
    private static void cycles(List<Item> lessons, Map<String, Item> byId, Map<String, List<Problem>> out) {
        Map<String, Integer> state = new HashMap<>(); // absent: unseen, 1: on the current path, 2: done
        for (Item l : lessons) {
            visit(l, byId, state, new ArrayList<>(), out);
        }
    }

    private static void visit(
            Item l,
            Map<String, Item> byId,
            Map<String, Integer> state,
            List<Item> path,
            Map<String, List<Problem>> out) {
        Integer s = state.get(l.id());
        if (s != null && s == 2) {
            return;
        }
        if (s != null) {
            int from = indexOf(path, l.id());
            List<Item> cycle = path.subList(from, path.size());
            List<String> names = new ArrayList<>(cycle.stream().map(Item::id).toList());
            names.add(l.id());
            String ring = String.join(" → ", names);
            for (int i = 0; i < cycle.size(); i++) {
                Item at = cycle.get(i);
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
            Item next = byId.get(p);
            if (next != null) {
                visit(next, byId, state, path, out);
            }
        }
        path.removeLast();
        state.put(l.id(), 2);
    }

    private static int indexOf(List<Item> path, String id) {
        for (int i = 0; i < path.size(); i++) {
            if (path.get(i).id().equals(id)) {
                return i;
            }
        }
        return 0;
    }

    private static void add(Map<String, List<Problem>> out, Item l, int item, String message, String hint) {
        List<Node> nodes = l.nodes();
        Node n = item >= 0 && item < nodes.size() ? nodes.get(item) : null;
        int line = n == null ? 1 : n.line();
        int col = n == null ? 1 : n.column();
        out.computeIfAbsent(l.file(), k -> new ArrayList<>()).add(new Problem(l.file(), line, col, message, hint));
    }
}
