package org.diolab.app;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.diolab.app.presenter.LectureOrder;
import org.diolab.lesson.LessonLibrary;
import org.diolab.lesson.LessonLoader;

/**
 * How the app was asked to start: normally on the flagship lesson, or — from {@code dio-lab present} — straight into
 * presenter mode on a lesson, policy and step, or on a lecture order. Read from the application's named parameters
 * ({@code --present=raid1-mirrors-diverge --policy=bounce --step=6}, {@code --lecture=talk.txt},
 * {@code --lessons=DIR}).
 */
public record StartOptions(Path lessons, String present, String policy, int step, Path lecture) {
    static final String FIRST_LESSON = "raid1-mirrors-diverge";

    public static StartOptions of(Map<String, String> named) {
        return new StartOptions(
                path(named.get("lessons")),
                named.get("present"),
                named.get("policy"),
                named.containsKey("step") ? Integer.parseInt(named.get("step")) : 0,
                path(named.get("lecture")));
    }

    /** The lessons to load: a folder of the user's, or the bundled ones. */
    public LessonLibrary library() {
        try {
            return lessons == null ? LessonLoader.loadBundled() : LessonLoader.load(lessons);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Opens what {@code dio-lab present} asked for on a shown window; false if it asked for nothing. */
    public boolean open(MainWindow window, LessonLibrary library) {
        if (lecture != null) {
            try {
                window.startLecture(LectureOrder.parse(Files.readString(lecture, StandardCharsets.UTF_8), library));
                return true;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        if (present != null) {
            window.present(present, policy, step);
            return true;
        }
        return false;
    }

    private static Path path(String s) {
        return s == null ? null : Path.of(s);
    }
}
