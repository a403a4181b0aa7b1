package org.diolab.lesson;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The learning path: every lesson after its prerequisites, topics kept together where they allow. */
class LearningPathTest {
    private static final LessonLibrary BUNDLED = LessonLoader.loadBundled();
    private static final LearningPath PATH = LearningPath.of(BUNDLED.lessons());

    @TempDir
    Path dir;

    @Test
    void theBundledPathTakesEveryLessonOnceAfterItsPrerequisites() {
        List<String> order = PATH.order().stream().map(Lesson::id).toList();
        assertThat(order).containsExactlyInAnyOrderElementsOf(BUNDLED.ids());
        Set<String> seen = new HashSet<>();
        for (Lesson l : PATH.order()) {
            assertThat(seen).as("before %s", l.id()).containsAll(l.prerequisites());
            seen.add(l.id());
        }
        assertThat(order.indexOf("pin-is-not-a-lock")).isLessThan(order.indexOf("async-csum-pipelining"));
        assertThat(order.indexOf("raid1-mirrors-diverge")).isLessThan(order.indexOf("async-csum-pipelining"));
    }

    @Test
    void theBundledPathStartsWithAPinAndKeepsTopicsTogetherWhereItCan() {
        assertThat(PATH.order().stream().map(Lesson::id))
                .containsExactly(
                        "pin-is-not-a-lock",
                        "dio-read-false-checksum-error",
                        "dio-write-vs-checksum",
                        "nowait-meets-bounce",
                        "lazy-bounce-nowait",
                        "raid1-mirrors-diverge",
                        "raid56-parity-rebuild",
                        "writeback-without-stable-writes",
                        "btrfs-raid1-buffered-writeback",
                        "who-sets-stable-writes",
                        "async-csum-pipelining",
                        "file-mapped-dio-buffer",
                        "hildenbrand-swap-rules",
                        "two-dios-one-page",
                        "exclusive-pin-deadlock",
                        "ext4-dio-lock-convoy",
                        "price-of-one-copy",
                        "how-the-stories-ended");
        // the five mirror lessons follow one another
        List<String> topics = PATH.order().stream().map(Lesson::topic).toList();
        int first = topics.indexOf("Mirrors and stable pages");
        assertThat(topics.subList(first, first + 5)).containsOnly("Mirrors and stable pages");
    }

    @Test
    void nextPreviousAndStepFollowThePath() {
        assertThat(PATH.next("pin-is-not-a-lock").map(Lesson::id)).contains("dio-read-false-checksum-error");
        assertThat(PATH.next("who-sets-stable-writes").map(Lesson::id)).contains("async-csum-pipelining");
        assertThat(PATH.next("how-the-stories-ended")).isEmpty();
        assertThat(PATH.next("no-such-lesson")).isEmpty();
        assertThat(PATH.previous("pin-is-not-a-lock")).isEmpty();
        assertThat(PATH.previous("dio-write-vs-checksum").map(Lesson::id)).contains("dio-read-false-checksum-error");
        assertThat(PATH.step("pin-is-not-a-lock")).isEqualTo(1);
        assertThat(PATH.step("how-the-stories-ended")).isEqualTo(18);
        assertThat(PATH.prerequisites("async-csum-pipelining").stream().map(Lesson::id))
                .containsExactly("pin-is-not-a-lock", "raid1-mirrors-diverge", "dio-write-vs-checksum");
        assertThat(PATH.requiredBy("nowait-meets-bounce").stream().map(Lesson::id))
                .containsExactly("lazy-bounce-nowait");
    }

    @Test
    void unknownPrerequisitesAreIgnoredAndACycleIsBrokenInLibraryOrder() throws IOException {
        String raid1 = LessonFolder.copySourcesAndReadRaid1(dir);
        write(raid1, "a-one", "T", "[c-three]");
        write(raid1, "b-two", "T", "[nobody]");
        write(raid1, "c-three", "T", "[a-one]");
        LearningPath path = LearningPath.of(LessonLoader.load(dir).lessons());
        // a-one and c-three need each other: the cycle is broken at a-one, the first in the library
        assertThat(path.order().stream().map(Lesson::id)).containsExactly("b-two", "a-one", "c-three");
    }

    @Test
    void aLessonWaitsForAPrerequisiteOfAnotherTopicThenTheTopicGoesOn() throws IOException {
        String raid1 = LessonFolder.copySourcesAndReadRaid1(dir);
        write(raid1, "a1", "Alpha", "[]");
        write(raid1, "a2", "Alpha", "[b1]");
        write(raid1, "a3", "Alpha", "[]");
        write(raid1, "b1", "Beta", "[]");
        write(raid1, "b2", "Beta", "[]");
        LearningPath path = LearningPath.of(LessonLoader.load(dir).lessons());
        assertThat(path.order().stream().map(Lesson::id)).containsExactly("a1", "a3", "b1", "b2", "a2");
    }

    private void write(String raid1, String id, String topic, String prerequisites) throws IOException {
        String text = raid1.replace("id: raid1-mirrors-diverge\n", "id: " + id + "\n")
                .replaceFirst("(?m)^topic: .*$", "topic: " + topic)
                .replace("prerequisites: [pin-is-not-a-lock]", "prerequisites: " + prerequisites);
        Files.writeString(dir.resolve(id + ".yaml"), text);
    }
}
