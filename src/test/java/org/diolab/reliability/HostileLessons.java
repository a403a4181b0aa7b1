package org.diolab.reliability;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.diolab.lesson.LessonLoader;

/**
 * Lessons far larger than any a teacher writes, generated from the RAID1 lesson (its head, schedule, policies and
 * narration; a setup and actors of the size asked for), each in a folder of its own with the bundled sources: for
 * checking that every command ends with a report or a refusal, whatever it is given.
 */
final class HostileLessons {
    private static final String WRITER = """
              - id: app
                title: "T1"
                ops:
                  - dio_write: {bio: w1, from: [%s], block: 0}
              - id: app2
                title: "T2"
                ops:
                  - store: {page: B, bytes: "BBBB"}
            """;

    private HostileLessons() {}

    /** One writer, one mutator and {@code readers} readers, reader i served by leg i mod 2. */
    static Path actors(Path root, int readers) throws IOException {
        String pages = IntStream.range(0, readers)
                .mapToObj(i -> "    R" + i + ": \"....\"\n")
                .collect(Collectors.joining());
        String actors = IntStream.range(0, readers)
                .mapToObj(i -> reader(i, "leg" + (i % 2)))
                .collect(Collectors.joining());
        return write(root, "actors-" + (readers + 2), setup("leg0, leg1", "    B: \"AAAA\"\n" + pages), "B", actors);
    }

    /** The RAID1 race on a mirror of {@code legs} legs. */
    static Path legs(Path root, int legs) throws IOException {
        String names = IntStream.range(0, legs).mapToObj(i -> "leg" + i).collect(Collectors.joining(", "));
        String pages = "    B: \"AAAA\"\n    R0: \"....\"\n    R1: \"....\"\n";
        return write(root, "legs-" + legs, setup(names, pages), "B", reader(0, "leg0") + reader(1, "leg1"));
    }

    /** {@code declared} pages, of which the write covers B and the first {@code written}, in flow style (compact). */
    static Path pages(Path root, int declared, int written) throws IOException {
        String pages = "  pages: {B: \"AAAA\", R0: \"....\", R1: \"....\", "
                + IntStream.range(0, declared)
                        .mapToObj(i -> "P" + i + ": \"0000\"")
                        .collect(Collectors.joining(", "))
                + "}\n";
        String from = Stream.concat(Stream.of("B"), IntStream.range(0, written).mapToObj(i -> "P" + i))
                .collect(Collectors.joining(", "));
        String setup = setup("leg0, leg1", "").replace("  pages:\n", pages);
        return write(
                root, "pages-" + declared + "-io-" + (written + 1), setup, from, reader(0, "leg0") + reader(1, "leg1"));
    }

    /** A folder of {@code count} copies of the RAID1 lesson, each with an id of its own. */
    static Path many(Path root, int count) throws IOException {
        Path dir = withSources(root.resolve("many-" + count));
        String raid1 = raid1();
        for (int i = 0; i < count; i++) {
            Files.writeString(
                    dir.resolve(String.format("l%05d.yaml", i)),
                    raid1.replace("id: raid1-mirrors-diverge", "id: copy-" + i));
        }
        return dir;
    }

    private static String setup(String legs, String pages) {
        return "setup:\n  fs: btrfs\n  file: {nodatasum: true}\n  volume:\n    id: raid1\n    legs: [" + legs
                + "]\n    blocks: {0: \"0000\"}\n  pages:\n" + pages + "\n";
    }

    private static String reader(int i, String leg) {
        return "  - id: reader" + i + "\n    title: \"Reader " + i + "\"\n    ops:\n      - dio_read: {bio: r" + i
                + ", into: [R" + i + "], block: 0, leg: " + leg + "}\n";
    }

    private static Path write(Path root, String id, String setup, String from, String readers) throws IOException {
        String raid1 = raid1();
        String text = raid1.substring(0, raid1.indexOf("setup:")).replace("id: raid1-mirrors-diverge", "id: " + id)
                + setup + "actors:\n" + WRITER.formatted(from) + readers + "\n"
                + raid1.substring(raid1.indexOf("schedule:"));
        Path dir = withSources(root.resolve(id));
        Files.writeString(dir.resolve(id + ".yaml"), text);
        return dir;
    }

    private static String raid1() throws IOException {
        return Files.readString(Path.of(LessonLoader.BUNDLED, "raid1-mirrors-diverge.yaml"));
    }

    private static Path withSources(Path dir) throws IOException {
        Path sources = Files.createDirectories(dir.resolve("sources"));
        try (Stream<Path> s = Files.list(Path.of(LessonLoader.BUNDLED, "sources"))) {
            for (Path p : s.toList()) {
                Files.copy(p, sources.resolve(p.getFileName()));
            }
        }
        return dir;
    }
}
