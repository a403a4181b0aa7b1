package org.diolab.app.library;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.diolab.app.lesson.LessonViewModel;
import org.diolab.app.prefs.AppPreferences;
import org.diolab.app.work.SynchronousBackgroundWork;
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
        Files.createDirectories(dir.resolve("sources"));
        try (Stream<Path> s = Files.list(Path.of("lessons", "sources"))) {
            for (Path f : s.toList()) {
                Files.copy(f, dir.resolve("sources").resolve(f.getFileName()));
            }
        }
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
