package org.diolab.lesson;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code prerequisites}: read with the lesson, and judged across the lessons by {@code check}. */
class PrerequisitesTest {
    private static final String RAID1_PRE = "prerequisites: [pin-is-not-a-lock]";

    @TempDir
    Path dir;

    private String raid1;

    private String raid1() throws IOException {
        if (raid1 == null) {
            raid1 = LessonFolder.copySourcesAndReadRaid1(dir);
            assertThat(raid1).contains(RAID1_PRE);
        }
        return raid1;
    }

    private Path write(String name, String text) throws IOException {
        Path f = dir.resolve(name + ".yaml");
        Files.writeString(f, text);
        return f;
    }

    private static String as(String text, String id, String prerequisites) {
        return text.replace("id: raid1-mirrors-diverge\n", "id: " + id + "\n")
                .replace(RAID1_PRE, "prerequisites: " + prerequisites);
    }

    @Test
    void aLessonReadsItsPrerequisitesInOrder() {
        Lesson async = LessonLoader.loadBundled().find("async-csum-pipelining").orElseThrow();
        assertThat(async.prerequisites())
                .containsExactly("pin-is-not-a-lock", "raid1-mirrors-diverge", "dio-write-vs-checksum");
        assertThat(LessonLoader.loadBundled()
                        .find("pin-is-not-a-lock")
                        .orElseThrow()
                        .prerequisites())
                .isEmpty();
    }

    @Test
    void checkNamesAnUnknownIdAtItsItemWithTheNearestLesson() throws IOException {
        Path f = write("a", as(raid1(), "my-a", "[pin-is-not-a-lock, my-bb]"));
        write("b", as(raid1(), "my-b", "[]"));
        LessonLibrary lib = LessonLoader.checkPaths(List.of(dir));
        assertThat(lib.broken()).hasSize(1);
        int line = lineOf(f, "prerequisites:");
        assertThat(lib.broken().getFirst().problems().getFirst().format())
                .isEqualTo(f + ":" + line + ":36: prerequisite 'my-bb' is not a lesson — did you mean 'my-b'?");
        // a bundled lesson is a fine prerequisite for a lesson of one's own
        assertThat(lib.ids()).containsExactly("my-b");
    }

    @Test
    void checkReportsACycleAtEveryLessonOnIt() throws IOException {
        Path a = write("a", as(raid1(), "my-a", "[my-b]"));
        Path b = write("b", as(raid1(), "my-b", "[pin-is-not-a-lock, my-a]"));
        LessonLibrary lib = LessonLoader.checkPaths(List.of(dir));
        assertThat(lib.lessons()).isEmpty();
        assertThat(lib.broken())
                .extracting(x -> x.problems().getFirst().format())
                .containsExactly(
                        a + ":" + lineOf(a, "prerequisites:")
                                + ":17: the prerequisites go round in a circle: my-a → my-b → my-a — a lesson cannot"
                                + " come before itself: remove one of these prerequisites",
                        b + ":" + lineOf(b, "prerequisites:")
                                + ":36: the prerequisites go round in a circle: my-a → my-b → my-a — a lesson cannot"
                                + " come before itself: remove one of these prerequisites");
    }

    @Test
    void loadingAloneDoesNotJudgeOtherLessons() throws IOException {
        write("a", as(raid1(), "my-a", "[my-b]"));
        write("b", as(raid1(), "my-b", "[my-a, nobody]"));
        assertThat(LessonLoader.load(dir).ids()).containsExactly("my-a", "my-b");
    }

    @Test
    void aLessonCannotRequireItselfOrNameOneTwice() throws IOException {
        Path f = write("a", as(raid1(), "my-a", "[my-a, pin-is-not-a-lock, pin-is-not-a-lock]"));
        LessonLibrary lib = LessonLoader.load(dir);
        int line = lineOf(f, "prerequisites:");
        assertThat(lib.broken().getFirst().problems())
                .extracting(Problem::format)
                .containsExactly(
                        f + ":" + line + ":17: the lesson names itself as its own prerequisite — remove 'my-a'",
                        f + ":" + line + ":42: prerequisite 'pin-is-not-a-lock' is named twice — name each lesson"
                                + " once");
    }

    @Test
    void theBundledLessonsPassTheCheckOfTheirPrerequisites() {
        LessonLibrary lib = LessonLoader.loadBundled();
        assertThat(PrerequisiteCheck.check(lib.lessons(), java.util.Set::of)).isEmpty();
    }

    static int lineOf(Path f, String prefix) throws IOException {
        List<String> lines = Files.readAllLines(f);
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).startsWith(prefix)) {
                return i + 1;
            }
        }
        throw new AssertionError(prefix + " not in " + f);
    }
}
