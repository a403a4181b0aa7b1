package org.diolab.lesson;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/** A temporary lessons folder for tests: the bundled {@code sources/} copied in, lessons written by the test. */
final class LessonFolder {
    private LessonFolder() {}

    /** Copies {@code lessons/sources/} into {@code dir/sources/}. */
    static void copySources(Path dir) throws IOException {
        Files.createDirectories(dir.resolve("sources"));
        try (Stream<Path> s = Files.list(Path.of("lessons", "sources"))) {
            for (Path f : s.toList()) {
                Files.copy(f, dir.resolve("sources").resolve(f.getFileName()));
            }
        }
    }

    /** Copies the sources into {@code dir} and returns the bundled RAID1 lesson's text, for the test to edit. */
    static String copySourcesAndReadRaid1(Path dir) throws IOException {
        copySources(dir);
        return Files.readString(Path.of("lessons", "raid1-mirrors-diverge.yaml"));
    }
}
