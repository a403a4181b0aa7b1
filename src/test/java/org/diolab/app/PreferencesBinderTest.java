package org.diolab.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.diolab.TestLessons;
import org.diolab.app.lesson.LessonViewModel;
import org.diolab.app.live.LiveViewModel;
import org.diolab.app.prefs.AppPreferences;
import org.diolab.app.prefs.WindowBounds;
import org.diolab.app.work.SynchronousBackgroundWork;
import org.diolab.engine.op.Policy;
import org.diolab.lesson.LessonLibrary;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the app remembers between runs, restored at the next start — in memory here, never the user's settings. */
class PreferencesBinderTest {
    private static final LessonLibrary LESSONS = TestLessons.bundled();

    @TempDir
    Path scratch;

    private final AppPreferences prefs = AppPreferences.inMemory();

    private LessonViewModel start() {
        LessonViewModel lessons = new LessonViewModel();
        LiveViewModel live = new LiveViewModel(lessons, new SynchronousBackgroundWork());
        PreferencesBinder.bind(prefs, lessons, live);
        if (live.dirProperty().get() == null) {
            live.chooseDirectory(scratch);
        }
        return lessons;
    }

    @Test
    void theLessonPolicyStepAndSpeedOfOneRunAreWhereTheNextOneOpens() {
        LessonViewModel first = start();
        first.open(LESSONS.find("raid1-mirrors-diverge").orElseThrow());
        first.selectPolicy(Policy.BOUNCE);
        first.goTo(7);
        first.playback().selectSpeed(2);

        LessonViewModel second = start();
        assertThat(second.playback().speedProperty().get()).isEqualTo(2.0);
        boolean reopened =
                PreferencesBinder.reopen(prefs, id -> LESSONS.find(id).ifPresent(second::open), second);
        assertThat(reopened).isTrue();
        assertThat(second.lessonProperty().get().id()).isEqualTo("raid1-mirrors-diverge");
        assertThat(second.policyProperty().get()).isEqualTo(Policy.BOUNCE);
        assertThat(second.indexProperty().get()).isEqualTo(7);
        assertThat(prefs.scratchDir().stored()).contains(scratch);
    }

    @Test
    void aLessonThatIsGoneIsNotReopenedAndNothingFails() {
        prefs.lastLesson().set("no-such-lesson");
        prefs.lastStep().set(99);
        LessonViewModel lessons = start();
        assertThat(PreferencesBinder.reopen(prefs, id -> LESSONS.find(id).ifPresent(lessons::open), lessons))
                .isFalse();
        assertThat(lessons.lessonProperty().get()).isNull();
    }

    @Test
    void typedEntriesSurviveTheRoundTripAndBadValuesReadAsDefaults() {
        prefs.window().set(new WindowBounds(10, 20, 1280, 720, false));
        prefs.lectureOrder().set(List.of("pin-is-not-a-lock", "raid1-mirrors-diverge"));
        prefs.node().put("timeline.speed", "fast");
        AppPreferences again = AppPreferences.in(prefs.node());
        assertThat(again.window().stored()).contains(new WindowBounds(10, 20, 1280, 720, false));
        assertThat(again.lectureOrder().get()).containsExactly("pin-is-not-a-lock", "raid1-mirrors-diverge");
        assertThat(again.speed().get()).as("not a number: the default").isEqualTo(1.0);
        assertThat(again.darkTheme().get()).isFalse();
    }

    @Test
    void memoryPreferencesAreTheUsersOnlyWhenAsked() {
        assertThat(System.getProperty(AppPreferences.PROPERTY))
                .as("set for every test in the pom")
                .isEqualTo("memory");
        assertThat(AppPreferences.user().node()).isInstanceOf(org.diolab.app.prefs.MemoryPreferences.class);
    }
}
