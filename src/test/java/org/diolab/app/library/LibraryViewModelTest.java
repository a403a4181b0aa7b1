package org.diolab.app.library;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.diolab.app.lesson.LessonViewModel;
import org.diolab.app.prefs.AppPreferences;
import org.diolab.app.work.SynchronousBackgroundWork;
import org.diolab.lesson.Lesson;
import org.diolab.lesson.LessonFolder;
import org.diolab.lesson.LessonLibrary;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The user's own lesson folders: listed with their problems, watched, reloaded on save, remembered. */
class LibraryViewModelTest {
    private static final LessonLibrary BUNDLED = org.diolab.TestLessons.bundled();

    @TempDir
    Path dir;

    private String good;
    private final AppPreferences prefs = AppPreferences.inMemory();
    private final LessonViewModel lessons = new LessonViewModel();
    /** The watcher's reports, taken by the test as the FX thread would take them. */
    private final LinkedBlockingQueue<Runnable> fx = new LinkedBlockingQueue<>();

    private LibraryViewModel library;

    @BeforeEach
    void folder() throws IOException {
        LessonFolder.copySources(dir);
        good = Files.readString(Path.of("lessons", "raid1-mirrors-diverge.yaml"))
                .replace("id: raid1-mirrors-diverge", "id: my-raid1");
        Files.writeString(dir.resolve("my-raid1.yaml"), good);
        Files.writeString(
                dir.resolve("broken.yaml"),
                good.replace("id: my-raid1", "id: my-broken").replace("  - id: bounce\n", "  - id: bounse\n"));
        library = new LibraryViewModel(lessons, new SynchronousBackgroundWork(), prefs.lessonFolders(), fx::add);
        library.useBundled(BUNDLED);
    }

    @Test
    void aFolderOfTheUsersListsItsLessonsAndItsBrokenFilesWithFileLineColumn() {
        library.addUserPath(dir);
        List<LibraryItem> items = library.itemsProperty().get();
        assertThat(items).contains(new LibraryItem.Folder(dir.toAbsolutePath().normalize(), 1, 1));
        assertThat(library.find("my-raid1")).isPresent();
        LibraryItem.Broken broken = items.stream()
                .filter(i -> i instanceof LibraryItem.Broken)
                .map(i -> (LibraryItem.Broken) i)
                .findFirst()
                .orElseThrow();
        assertThat(broken.broken().problems().getFirst().format())
                .matches(java.util.regex.Pattern.quote(
                                dir.resolve("broken.yaml").toString()) + ":\\d+:\\d+: unknown policy 'bounse'.*");
        assertThat(prefs.lessonFolders().get())
                .containsExactly(dir.toAbsolutePath().normalize().toString());
    }

    @Test
    void savingAFileReloadsItAndTheLessonOnShowFollows() throws Exception {
        library.addUserPath(dir);
        library.open(library.find("my-raid1").orElseThrow());
        Lesson mine = lessons.lessonProperty().get();
        lessons.selectPolicy(mine.policies().stream()
                .map(c -> c.policy())
                .filter(p -> p.id().equals("bounce"))
                .findFirst()
                .orElseThrow());
        lessons.goTo(3);
        Files.writeString(dir.resolve("broken.yaml"), good.replace("id: my-raid1", "id: my-fixed"));
        Files.writeString(
                dir.resolve("my-raid1.yaml"), good.replace("title: RAID1 mirrors diverge", "title: My RAID1"));
        runWatcherReportsUntil(() -> library.find("my-fixed").isPresent()
                && lessons.lessonProperty().get().title().startsWith("My RAID1"));
        assertThat(library.find("my-fixed")).as("the fixed file loads").isPresent();
        assertThat(library.itemsProperty().get()).noneMatch(i -> i instanceof LibraryItem.Broken);
        assertThat(lessons.lessonProperty().get().title()).startsWith("My RAID1");
        assertThat(lessons.indexProperty().get()).as("at the same step").isEqualTo(3);
        assertThat(lessons.policyProperty().get().id())
                .as("under the same policy")
                .isEqualTo("bounce");
    }

    /** Issue 20: a folder with no lessons said "0 lesson(s)" and nothing else. */
    @Test
    void aFolderWithNoLessonsSaysWhyAndWhatToDo() throws IOException {
        Path empty = Files.createDirectories(dir.resolve("empty"));
        library.addUserPath(empty);
        assertThat(library.statusProperty().get())
                .startsWith("empty: no lessons here: the folder has no *.yaml lesson files");
        Path allBroken = Files.createDirectories(dir.resolve("all-broken"));
        Files.writeString(allBroken.resolve("bad.yaml"), "id: [");
        library.addUserPath(allBroken);
        assertThat(library.statusProperty().get())
                .startsWith("all-broken: no lesson opened: all 1 lesson file(s) are broken");
    }

    @Test
    void rememberedFoldersComeBackAndAClosedOneIsForgotten() {
        library.addUserPath(dir);
        LibraryViewModel next =
                new LibraryViewModel(lessons, new SynchronousBackgroundWork(), prefs.lessonFolders(), fx::add);
        next.useBundled(BUNDLED);
        assertThat(next.find("my-raid1")).isPresent();
        next.removeUserPath(dir.toAbsolutePath().normalize());
        assertThat(next.find("my-raid1")).isEmpty();
        assertThat(prefs.lessonFolders().get()).isEmpty();
    }

    @Test
    void somethingThatIsNotALessonIsRefusedWithAReason() throws IOException {
        Path txt = Files.writeString(dir.resolve("notes.txt"), "hello");
        library.addUserPath(txt);
        assertThat(library.statusProperty().get()).startsWith("Not a lessons folder or a .yaml file");
        assertThat(library.userPaths()).isEmpty();
    }

    /**
     * Issue 20: a lesson broken while open kept its last good version with no sign. Now the library says which file,
     * its first problem, until the file loads again; opening another lesson is not about that file any more.
     */
    @Test
    void theOpenLessonsFileBrokenOnSaveIsReportedUntilItIsFixed() throws Exception {
        library.addUserPath(dir);
        library.open(library.find("my-raid1").orElseThrow());
        lessons.goTo(3);
        assertThat(library.brokenOnShowProperty().get()).isNull();
        Files.writeString(dir.resolve("my-raid1.yaml"), good.replace("  - id: bounce\n", "  - id: bounse\n"));
        runWatcherReportsUntil(() -> library.brokenOnShowProperty().get() != null);
        assertThat(library.brokenOnShowProperty().get().file())
                .isEqualTo(dir.resolve("my-raid1.yaml").toString());
        assertThat(library.brokenOnShowProperty().get().problems().getFirst().format())
                .matches(java.util.regex.Pattern.quote(
                                dir.resolve("my-raid1.yaml").toString()) + ":\\d+:\\d+: unknown policy 'bounse'.*");
        assertThat(lessons.lessonProperty().get().id())
                .as("the last good version stays on show")
                .isEqualTo("my-raid1");
        assertThat(lessons.indexProperty().get()).isEqualTo(3);
        Files.writeString(dir.resolve("my-raid1.yaml"), good);
        runWatcherReportsUntil(() -> library.brokenOnShowProperty().get() == null);
        assertThat(lessons.indexProperty().get())
                .as("fixed: reopened where the learner was")
                .isEqualTo(3);
        Files.writeString(dir.resolve("my-raid1.yaml"), good.replace("  - id: bounce\n", "  - id: bounse\n"));
        runWatcherReportsUntil(() -> library.brokenOnShowProperty().get() != null);
        lessons.open(BUNDLED.find("pin-is-not-a-lock").orElseThrow());
        assertThat(library.brokenOnShowProperty().get())
                .as("another lesson on show")
                .isNull();
    }

    /** Issue 20: check's warnings, on the row of the user's lesson they are about (the lesson still opens). */
    @Test
    void checksWarningsAreListedWithTheLessonTheyAreAbout() throws IOException {
        Lesson raid1 = BUNDLED.find("raid1-mirrors-diverge").orElseThrow();
        String answer =
                raid1.quiz().getFirst().choices().get(raid1.quiz().getFirst().answer());
        Files.delete(dir.resolve("broken.yaml"));
        Files.writeString(
                dir.resolve("my-raid1.yaml"),
                good.replace("  intro:\n    text: >-\n", "  intro:\n    text: >-\n      " + answer + ".\n"));
        library.addUserPath(dir);
        Lesson mine = library.find("my-raid1").orElseThrow();
        assertThat(library.checkFindings(mine)).singleElement().satisfies(w -> {
            assertThat(w.warning()).isTrue();
            assertThat(w.format())
                    .startsWith(dir.resolve("my-raid1.yaml") + ":")
                    .contains("warning: the answer (\"" + answer + "\") is in the intro");
        });
        assertThat(library.checkFindings(BUNDLED.find("pin-is-not-a-lock").orElseThrow()))
                .isEmpty();
    }

    /** Runs the watcher's reports as they come (as the FX thread would) until {@code done} holds. */
    private void runWatcherReportsUntil(java.util.function.BooleanSupplier done) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!done.getAsBoolean()) {
            Runnable report = fx.poll(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            assertThat(report).as("the watcher reported the change within 30 s").isNotNull();
            report.run();
        }
    }
}
