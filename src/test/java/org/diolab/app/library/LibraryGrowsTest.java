package org.diolab.app.library;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.diolab.TestLessons;
import org.diolab.app.lesson.LessonViewModel;
import org.diolab.app.prefs.AppPreferences;
import org.diolab.app.work.SynchronousBackgroundWork;
import org.diolab.lesson.Lesson;
import org.diolab.lesson.LessonLibrary;
import org.junit.jupiter.api.Test;

/** A start lists the lesson it opens first, alone, and the whole bundled library in its place once read. */
class LibraryGrowsTest {
    private final LessonLibrary all = TestLessons.bundled();
    private final LessonViewModel lessons = new LessonViewModel();
    private final LibraryViewModel library = new LibraryViewModel(
            lessons, new SynchronousBackgroundWork(), AppPreferences.inMemory().lessonFolders(), Runnable::run);

    private List<String> listed() {
        return library.itemsProperty().get().stream()
                .filter(i -> i instanceof LibraryItem.Entry)
                .map(i -> ((LibraryItem.Entry) i).lesson().id())
                .toList();
    }

    @Test
    void theFirstLessonIsListedAloneThenTheWholeLibraryInItsPlace() {
        Lesson first = all.find("raid1-mirrors-diverge").orElseThrow();
        library.useBundled(new LessonLibrary(List.of(first), List.of()));
        library.open(first);
        assertThat(listed()).containsExactly("raid1-mirrors-diverge");

        library.growBundled(() -> all);
        assertThat(listed()).containsExactlyInAnyOrderElementsOf(all.ids());
        assertThat(library.find("pin-is-not-a-lock")).isPresent();
        assertThat(library.statusProperty().get()).isEmpty();
        assertThat(lessons.lessonProperty().get()).isSameAs(first);
    }

    @Test
    void aFailedReadSaysSoAndKeepsWhatIsListed() {
        Lesson first = all.find("raid1-mirrors-diverge").orElseThrow();
        library.useBundled(new LessonLibrary(List.of(first), List.of()));
        library.growBundled(() -> {
            throw new IllegalStateException("cannot read the bundled lessons: disk on fire");
        });
        assertThat(listed()).containsExactly("raid1-mirrors-diverge");
        assertThat(library.statusProperty().get())
                .isEqualTo("The other bundled lessons did not load: cannot read the bundled lessons: disk on fire");
    }
}
