package org.diolab.lesson;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What {@code dio-lab lessons} prints: id, seeds and title of each lesson, and the first problem of each broken file.
 * It has a plain-text form of one line per row, so that {@link LessonListingCache} can keep it between runs.
 */
public record LessonListing(List<Row> lessons, List<String> broken) {
    /** One loaded lesson. */
    public record Row(String id, String seeds, String title) {}

    private static final String LESSON = "lesson";
    private static final String BROKEN = "broken";

    public LessonListing {
        lessons = List.copyOf(lessons);
        broken = List.copyOf(broken);
    }

    public static LessonListing of(LessonLibrary library) {
        return new LessonListing(
                library.lessons().stream()
                        .map(l -> new Row(l.id(), l.seedLabel(), l.title()))
                        .toList(),
                library.broken().stream().map(BrokenLesson::summary).toList());
    }

    /** One line per row, fields apart by tabs; empty when a field holds a tab or a line break and cannot be kept. */
    public Optional<String> text() {
        StringBuilder sb = new StringBuilder();
        for (Row r : lessons) {
            if (!line(sb, LESSON, r.id(), r.seeds(), r.title())) {
                return Optional.empty();
            }
        }
        for (String b : broken) {
            if (!line(sb, BROKEN, b)) {
                return Optional.empty();
            }
        }
        return Optional.of(sb.toString());
    }

    /** The listing {@link #text()} wrote; empty if {@code text} is not such a listing. */
    public static Optional<LessonListing> parse(String text) {
        List<Row> rows = new ArrayList<>();
        List<String> broken = new ArrayList<>();
        for (String line : text.split("\n", -1)) {
            String[] f = line.split("\t", -1);
            if (line.isEmpty()) {
                continue;
            } else if (f[0].equals(LESSON) && f.length == 4) {
                rows.add(new Row(f[1], f[2], f[3]));
            } else if (f[0].equals(BROKEN) && f.length == 2) {
                broken.add(f[1]);
            } else {
                return Optional.empty();
            }
        }
        return Optional.of(new LessonListing(rows, broken));
    }

    private static boolean line(StringBuilder sb, String kind, String... fields) {
        sb.append(kind);
        for (String f : fields) {
            if (f.indexOf('\t') >= 0 || f.indexOf('\n') >= 0 || f.indexOf('\r') >= 0) {
                return false;
            }
            sb.append('\t').append(f);
        }
        sb.append('\n');
        return true;
    }
}
