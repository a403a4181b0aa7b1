package org.diolab;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.diolab.lesson.Lesson;
import org.diolab.lesson.LessonLibrary;
import org.diolab.lesson.LessonLoader;

/**
 * Lessons larger than any bundled one, generated from the RAID1 lesson: one O_DIRECT write of B and {@code pages}
 * more pages (P0, P1, …, holding "0000", "0001", …) to a two-leg mirror, T2's store into B, and a reader per leg.
 */
public final class BigLessons {
    private BigLessons() {}

    /** Writes the lesson (and the seed threads it quotes) under {@code dir} and loads it. */
    public static Lesson raid1Write(Path dir, int pages) throws IOException {
        String raid1 = Files.readString(Path.of(LessonLoader.BUNDLED, "raid1-mirrors-diverge.yaml"));
        String names = IntStream.range(0, pages).mapToObj(i -> "P" + i).collect(Collectors.joining(", "));
        StringBuilder setup = new StringBuilder("setup:\n  file: {nodatasum: true}\n  volume:\n    id: raid1\n"
                + "    legs: [leg0, leg1]\n    blocks: {0: \"0000\"}\n  pages:\n    B: \"AAAA\"\n    R0: \"....\"\n"
                + "    R1: \"....\"\n");
        for (int i = 0; i < pages; i++) {
            setup.append("    P")
                    .append(i)
                    .append(": \"")
                    .append(String.format("%04d", i % 10000))
                    .append("\"\n");
        }
        String actors = raid1.substring(raid1.indexOf("actors:"), raid1.indexOf("schedule:"))
                .replace("from: [B]", "from: [B, " + names + "]");
        String text = raid1.substring(0, raid1.indexOf("setup:"))
                        .replace("id: raid1-mirrors-diverge", "id: raid1-" + pages + "-pages")
                + setup + "\n" + actors + raid1.substring(raid1.indexOf("schedule:"));
        Path lessons = Files.createDirectories(dir.resolve("lessons"));
        Files.writeString(lessons.resolve("big.yaml"), text);
        Path sources = Path.of(LessonLoader.BUNDLED, "sources");
        Files.createDirectories(lessons.resolve("sources"));
        try (var s = Files.list(sources)) {
            for (Path p : s.toList()) {
                Files.copy(p, lessons.resolve("sources").resolve(p.getFileName()));
            }
        }
        LessonLibrary lib = LessonLoader.load(lessons);
        if (!lib.broken().isEmpty()) {
            throw new IllegalStateException("the generated lesson does not load: " + lib.broken());
        }
        return lib.lessons().getFirst();
    }
}
