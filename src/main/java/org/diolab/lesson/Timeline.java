package org.diolab.lesson;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What happened after the threads, across lessons: every lesson's epilogue in one list, dated events by date, then
 * those no source dates. Entries of the same date and commit (or of the same date, without one) form one event, with
 * each lesson's line.
 */
public final class Timeline {
    /** What one lesson says about an event. */
    public record Telling(String lesson, String summary, String source) {}

    /** One event: its date (or {@code null}), commit and subject if any, and what each lesson says about it. */
    public record Event(String when, String commit, String subject, List<Telling> tellings) {
        public Event {
            tellings = List.copyOf(tellings);
        }

        public String whenLabel() {
            return when == null ? "not dated here" : when;
        }

        /** "2026-02-24  dd57c78aec39 "btrfs: ..."" or just the date. */
        public String headline() {
            StringBuilder sb = new StringBuilder(whenLabel());
            if (commit != null) {
                sb.append("  ").append(commit);
                if (subject != null) {
                    sb.append(" \"").append(subject).append('"');
                }
            }
            return sb.toString();
        }
    }

    private Timeline() {}

    public static List<Event> of(List<Lesson> lessons) {
        Map<Object, List<Telling>> groups = new LinkedHashMap<>();
        Map<Object, HistoryEntry> first = new LinkedHashMap<>();
        for (Lesson l : lessons) {
            for (HistoryEntry h : l.epilogue()) {
                // one event per date and commit; an undated entry without a commit stands alone
                Object key = h.when() == null && h.commit() == null
                        ? h
                        : List.of(Objects.toString(h.when()), Objects.toString(h.commit()));
                first.putIfAbsent(key, h);
                groups.computeIfAbsent(key, k -> new ArrayList<>()).add(new Telling(l.id(), h.summary(), h.source()));
            }
        }
        List<Event> out = new ArrayList<>();
        groups.forEach((k, tellings) -> {
            HistoryEntry h = first.get(k);
            out.add(new Event(h.when(), h.commit(), h.subject(), tellings));
        });
        // stable: events of one date, and undated ones, keep the order of the lessons that tell them
        out.sort(Comparator.comparing((Event e) -> e.when() == null ? "9999" : e.when()));
        return List.copyOf(out);
    }

    /** One line of a single lesson's epilogue: date, commit and subject if any, summary. */
    public static String line(HistoryEntry h) {
        return new Event(h.when(), h.commit(), h.subject(), List.of()).headline() + ": " + h.summary();
    }
}
