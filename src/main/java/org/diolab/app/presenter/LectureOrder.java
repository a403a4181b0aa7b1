package org.diolab.app.presenter;

import java.util.ArrayList;
import java.util.List;
import org.diolab.engine.op.Policy;
import org.diolab.lesson.Lesson;
import org.diolab.lesson.LessonLibrary;
import org.diolab.lesson.PolicyChoice;

/**
 * The order of a talk: lessons, each under a policy, the clicker walks through one after the other. Written one per
 * line as {@code lesson-id [policy] [@step]} (a leading {@code -} as in a YAML list is fine, {@code #} starts a
 * comment):
 *
 * <pre>
 * # RAID1, broken then fixed, then the deadlock
 * raid1-mirrors-diverge zero-copy @6
 * raid1-mirrors-diverge bounce
 * - exclusive-pin-deadlock exclusive-pin
 * </pre>
 */
public record LectureOrder(List<Entry> entries) {
    public LectureOrder {
        entries = List.copyOf(entries);
    }

    /** One lesson of the talk: the policy to show it under and the step to open it at. */
    public record Entry(Lesson lesson, Policy policy, int step) {
        public String label() {
            return lesson.id() + " · " + policy.id() + (step > 0 ? " @" + step : "");
        }
    }

    /**
     * Parses a lecture order; a line that names no lesson or policy, or a step past the run's end, is an error naming
     * the line and what exists.
     */
    public static LectureOrder parse(String text, LessonLibrary library) {
        List<Entry> out = new ArrayList<>();
        String[] lines = text.split("\\R");
        for (int n = 0; n < lines.length; n++) {
            String line = lines[n].replaceAll("#.*", "").trim();
            if (line.startsWith("-")) {
                line = line.substring(1).trim();
            }
            if (line.isEmpty()) {
                continue;
            }
            String[] words = line.split("\\s+");
            int at = n + 1;
            Lesson lesson = library.find(words[0])
                    .orElseThrow(() -> new IllegalArgumentException("line " + at + ": no lesson '" + words[0]
                            + "'. Lessons: " + String.join(", ", library.ids())));
            Policy policy = lesson.defaultPolicy();
            int step = 0;
            for (int w = 1; w < words.length; w++) {
                String word = words[w];
                if (word.startsWith("@")) {
                    step = step(word, at);
                } else {
                    policy = policy(lesson, word, at);
                }
            }
            int last = lesson.play(policy).size() - 1;
            if (step > last) {
                throw new IllegalArgumentException("line " + at + ": @" + step + " is outside the run; " + lesson.id()
                        + " under " + policy.id() + " has steps 0 to " + last);
            }
            out.add(new Entry(lesson, policy, step));
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException("the lecture lists no lesson; write one per line: lesson-id [policy]");
        }
        return new LectureOrder(out);
    }

    public String text() {
        StringBuilder b = new StringBuilder();
        entries.forEach(e -> b.append(e.lesson().id())
                .append(' ')
                .append(e.policy().id())
                .append(e.step() > 0 ? " @" + e.step() : "")
                .append('\n'));
        return b.toString();
    }

    private static int step(String word, int line) {
        try {
            return Math.max(0, Integer.parseInt(word.substring(1)));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("line " + line + ": '" + word + "' is not a step; write @6");
        }
    }

    private static Policy policy(Lesson lesson, String id, int line) {
        return lesson.policies().stream()
                .map(PolicyChoice::policy)
                .filter(p -> p.id().equals(id))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("line " + line + ": lesson " + lesson.id()
                        + " has no policy '" + id + "'. Policies: "
                        + String.join(
                                ", ",
                                lesson.policies().stream()
                                        .map(c -> c.policy().id())
                                        .toList())));
    }
}
