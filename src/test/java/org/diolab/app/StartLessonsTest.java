package org.diolab.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.diolab.TestLessons;
import org.diolab.lesson.Lesson;
import org.diolab.lesson.LessonLibrary;
import org.junit.jupiter.api.Test;

/** A start reads the lesson it opens alone, and the others only after; a user's folder or a lecture, whole. */
class StartLessonsTest {
    private static final StartOptions PLAIN = StartOptions.of(Map.of());

    @Test
    void aPlainStartReadsTheFlagshipLessonAlone() {
        StartLessons read = StartLessons.read(PLAIN, "");
        assertThat(read.whole()).isFalse();
        assertThat(read.library().ids()).containsExactly("raid1-mirrors-diverge");
        assertThat(read.library().lessons().getFirst().title())
                .isEqualTo(TestLessons.bundled()
                        .find("raid1-mirrors-diverge")
                        .orElseThrow()
                        .title());
    }

    @Test
    void itReadsTheLessonLastOnShowOrTheOnePresentAsksFor() {
        assertThat(StartLessons.read(PLAIN, "pin-is-not-a-lock").library().ids())
                .containsExactly("pin-is-not-a-lock");
        StartOptions present = StartOptions.of(Map.of("present", "two-dios-one-page", "step", "3"));
        assertThat(StartLessons.read(present, "pin-is-not-a-lock").library().ids())
                .containsExactly("two-dios-one-page");
    }

    @Test
    void anIdWithNoBundledFileOrThatIsNoIdReadsThemAll() {
        for (String last : new String[] {"a-lesson-of-a-users-folder", "../lessons/raid1-mirrors-diverge", "Raid1"}) {
            StartLessons read = StartLessons.read(PLAIN, last);
            assertThat(read.whole()).as(last).isTrue();
            assertThat(read.library().ids())
                    .as(last)
                    .isEqualTo(TestLessons.bundled().ids());
        }
    }

    @Test
    void aLectureOrAFolderOfTheUsersIsReadWholeFirst() {
        StartLessons lecture = StartLessons.read(StartOptions.of(Map.of("lecture", "talk.txt")), "");
        assertThat(lecture.whole()).isTrue();
        assertThat(lecture.library().ids()).isEqualTo(TestLessons.bundled().ids());
    }

    @Test
    void theWholeLibraryKeepsTheLessonReadFirstAsTheSameObject() {
        StartLessons read = StartLessons.read(PLAIN, "pin-is-not-a-lock");
        Lesson first = read.library().lessons().getFirst();
        LessonLibrary all = read.all();
        assertThat(all.ids()).isEqualTo(TestLessons.bundled().ids());
        assertThat(all.find("pin-is-not-a-lock")).get().isSameAs(first);
        assertThat(all.find("raid1-mirrors-diverge")).get().isNotSameAs(first);
    }
}
