package org.diolab.lesson;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.stream.Stream;

/** A temporary lessons folder for tests: the bundled {@code sources/} copied in, lessons written by the test. */
public final class LessonFolder {
    private LessonFolder() {}

    /** Copies {@code lessons/sources/} into {@code dir/sources/}, over what a previous test copied there. */
    public static void copySources(Path dir) throws IOException {
        Files.createDirectories(dir.resolve("sources"));
        try (Stream<Path> s = Files.list(Path.of("lessons", "sources"))) {
            for (Path f : s.toList()) {
                Files.copy(f, dir.resolve("sources").resolve(f.getFileName()), StandardCopyOption.REPLACE_EXISTING);
            }
        }
    }

    /** Copies the sources into {@code dir} and returns the bundled RAID1 lesson's text, for the test to edit. */
    static String copySourcesAndReadRaid1(Path dir) throws IOException {
        copySources(dir);
        return Files.readString(Path.of("lessons", "raid1-mirrors-diverge.yaml"));
    }

    /**
     * A user's own lesson: the sources and the bundled RAID1 lesson as {@code dir/my-raid1.yaml}, with id
     * {@code my-raid1} and title "My RAID1 demo"; returns its text.
     */
    public static String writeMyRaid1(Path dir) throws IOException {
        String mine = copySourcesAndReadRaid1(dir)
                .replace("id: raid1-mirrors-diverge", "id: my-raid1")
                .replace("title: RAID1 mirrors diverge under zero-copy direct I/O", "title: My RAID1 demo");
        Files.writeString(dir.resolve("my-raid1.yaml"), mine);
        return mine;
    }
}
