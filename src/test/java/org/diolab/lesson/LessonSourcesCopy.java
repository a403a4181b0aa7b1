package org.diolab.lesson;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/** Tests that load their own lesson text: the bundled source texts copied into a test directory. */
final class LessonSourcesCopy {
    private LessonSourcesCopy() {
    }

    /** Copies lessons/sources into {@code dir}/sources and returns the bundled RAID1 lesson's text, to edit. */
    static String intoAndReadRaid1(Path dir) throws IOException {
        Path src = Path.of("lessons");
        Files.createDirectories(dir.resolve("sources"));
        try (Stream<Path> s = Files.list(src.resolve("sources"))) {
            for (Path f : s.toList()) {
                Files.copy(f, dir.resolve("sources").resolve(f.getFileName()));
            }
        }
        return Files.readString(src.resolve("raid1-mirrors-diverge.yaml"));
    }
}
