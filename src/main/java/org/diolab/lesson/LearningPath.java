package org.diolab.lesson;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The order in which to take the lessons: every lesson after its prerequisites, and the library's topics kept
 * together where the prerequisites allow. The library groups lessons by topic (topics in the order they first
 * appear, lessons in file order); the path walks that list, staying in the current topic while one of its lessons
 * is ready, and otherwise taking the first ready lesson of the list. A prerequisite that names no loaded lesson is
 * ignored, and a cycle (which {@code check} reports) is broken at its first lesson in library order, so every
 * library has a path.
 *
 * <pre>{@code
 * LearningPath path = LearningPath.of(library.lessons());
 * path.next("pin-is-not-a-lock")   // the lesson to offer at that lesson's end
 * }</pre>
 */
public final class LearningPath {
    private final List<Lesson> order;
    private final Map<String, Lesson> byId = new LinkedHashMap<>();

    private LearningPath(List<Lesson> order) {
        this.order = List.copyOf(order);
        order.forEach(l -> byId.put(l.id(), l));
    }

    /** The path through {@code lessons} (in library order, e.g. {@link LessonLibrary#lessons()}). */
    public static LearningPath of(List<Lesson> lessons) {
        List<Lesson> grouped = grouped(lessons);
        Set<String> ids = new HashSet<>();
        grouped.forEach(l -> ids.add(l.id()));
        List<Lesson> out = new ArrayList<>();
        Set<String> done = new HashSet<>();
        String topic = null;
        while (out.size() < grouped.size()) {
            Lesson pick = null;
            Lesson firstReady = null;
            for (Lesson l : grouped) {
                if (done.contains(l.id()) || !ready(l, done, ids)) {
                    continue;
                }
                if (firstReady == null) {
                    firstReady = l;
                }
                if (l.topic().equals(topic)) {
                    pick = l;
                    break;
                }
            }
            if (pick == null) {
                pick = firstReady;
            }
            if (pick == null) { // a cycle: nothing is ready; break it at the first lesson left
                pick = grouped.stream()
                        .filter(l -> !done.contains(l.id()))
                        .findFirst()
                        .orElseThrow();
            }
            out.add(pick);
            done.add(pick.id());
            topic = pick.topic();
        }
        return new LearningPath(out);
    }

    /** Lessons by topic, topics in the order they first appear (as the library shows them). */
    private static List<Lesson> grouped(List<Lesson> lessons) {
        Map<String, List<Lesson>> byTopic = new LinkedHashMap<>();
        Set<String> seen = new HashSet<>();
        for (Lesson l : lessons) {
            if (seen.add(l.id())) {
                byTopic.computeIfAbsent(l.topic(), k -> new ArrayList<>()).add(l);
            }
        }
        return byTopic.values().stream().flatMap(List::stream).toList();
    }

    private static boolean ready(Lesson l, Set<String> done, Set<String> ids) {
        return l.prerequisites().stream().allMatch(p -> done.contains(p) || !ids.contains(p));
    }

    /** Every lesson, in the order to take them. */
    public List<Lesson> order() {
        return order;
    }

    /** The lesson to take after {@code id}, or empty at the end of the path (or for an id not on it). */
    public Optional<Lesson> next(String id) {
        int i = indexOf(id);
        return i < 0 || i + 1 >= order.size() ? Optional.empty() : Optional.of(order.get(i + 1));
    }

    /** The lesson before {@code id} on the path, or empty at its start. */
    public Optional<Lesson> previous(String id) {
        int i = indexOf(id);
        return i <= 0 ? Optional.empty() : Optional.of(order.get(i - 1));
    }

    /** 1 for the first lesson of the path; 0 for an id not on it. */
    public int step(String id) {
        return indexOf(id) + 1;
    }

    /** The lessons {@code id} names as prerequisites that are on the path, in the order it names them. */
    public List<Lesson> prerequisites(String id) {
        Lesson l = byId.get(id);
        return l == null
                ? List.of()
                : l.prerequisites().stream()
                        .map(byId::get)
                        .filter(p -> p != null)
                        .toList();
    }

    /** The lessons that name {@code id} as a prerequisite, in path order. */
    public List<Lesson> requiredBy(String id) {
        return order.stream().filter(l -> l.prerequisites().contains(id)).toList();
    }

    private int indexOf(String id) {
        for (int i = 0; i < order.size(); i++) {
            if (order.get(i).id().equals(id)) {
                return i;
            }
        }
        return -1;
    }
}
