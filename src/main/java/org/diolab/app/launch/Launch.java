package org.diolab.app.launch;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.diolab.app.DioLabApp;

/**
 * The only door from the CLI into the app: start the window straight into presenter mode on a lesson (or a lecture
 * order). Blocks until the window is closed.
 */
public final class Launch {
    private Launch() {}

    /**
     * @param lessons a folder of lessons, or {@code null} for the bundled ones
     * @param policy  a policy id, or {@code null} for the lesson's default
     */
    public static void present(Path lessons, String lesson, String policy, int step) {
        List<String> args = new ArrayList<>();
        if (lessons != null) {
            args.add("--lessons=" + lessons);
        }
        args.add("--present=" + lesson);
        if (policy != null) {
            args.add("--policy=" + policy);
        }
        args.add("--step=" + step);
        ClassPathWarning.hide();
        DioLabApp.launchApp(args.toArray(String[]::new));
    }

    /** Checks a lecture order file against the lessons; an IllegalArgumentException says what is wrong and where. */
    public static void checkLecture(Path lessons, Path lecture) {
        try {
            org.diolab.lesson.LessonLibrary library = lessons == null
                    ? org.diolab.lesson.LessonLoader.loadBundled()
                    : org.diolab.lesson.LessonLoader.load(lessons);
            org.diolab.app.presenter.LectureOrder.parse(java.nio.file.Files.readString(lecture), library);
        } catch (java.io.IOException e) {
            throw new IllegalArgumentException("cannot read it: " + e.getMessage());
        }
    }

    /** Starts presenter mode on a lecture order file. */
    public static void lecture(Path lessons, Path lecture) {
        List<String> args = new ArrayList<>();
        if (lessons != null) {
            args.add("--lessons=" + lessons);
        }
        args.add("--lecture=" + lecture);
        ClassPathWarning.hide();
        DioLabApp.launchApp(args.toArray(String[]::new));
    }
}
