package org.diolab.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import org.diolab.app.launch.Launch;
import org.diolab.engine.op.Policy;
import org.diolab.lesson.Lesson;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code dio-lab present <lesson> [--policy P] [--step N]}, or {@code dio-lab present --lecture FILE}: opens the app
 * straight into full-screen presenter mode.
 */
@Command(
        name = "present",
        mixinStandardHelpOptions = true,
        description = "Open the app full screen in presenter mode on a lesson (or a lecture order file).")
final class PresentCommand implements Runnable {
    @Parameters(index = "0", arity = "0..1", paramLabel = "LESSON", description = "Lesson id (see 'dio-lab lessons').")
    String lessonId;

    @Option(names = "--policy", paramLabel = "P", description = "Policy (default: the lesson's broken one).")
    String policy;

    @Option(names = "--step", paramLabel = "N", defaultValue = "0", description = "Step to open at (default 0).")
    int step;

    @Option(
            names = "--lecture",
            paramLabel = "FILE",
            description = "A lecture order: one 'lesson [policy] [@step]' per line, walked with the clicker.")
    Path lecture;

    @Mixin
    LessonSource source;

    @Override
    public void run() {
        if (System.getenv("DISPLAY") == null
                && System.getenv("WAYLAND_DISPLAY") == null
                && System.getProperty("os.name", "").toLowerCase().contains("linux")) {
            throw new UserError("present needs a display (none found in $DISPLAY); to make frames without one, use"
                    + " 'dio-lab export'");
        }
        if (lecture != null) {
            if (!Files.isRegularFile(lecture)) {
                throw new UserError(
                        "--lecture " + lecture + " is not a file; write one 'lesson [policy] [@step]'" + " per line");
            }
            try {
                Launch.checkLecture(source.dir, lecture);
            } catch (IllegalArgumentException e) {
                throw new UserError(lecture + ": " + e.getMessage());
            }
            onDisplay(() -> Launch.lecture(source.dir, lecture));
            return;
        }
        if (lessonId == null) {
            throw new UserError("give a lesson to present (see 'dio-lab lessons'), or --lecture FILE");
        }
        Lesson lesson = source.lesson(lessonId);
        Policy p = LessonRunOptions.policyOf(lesson, policy);
        int last = lesson.play(p).size() - 1;
        if (step < 0 || step > last) {
            throw new UserError("--step " + step + " is outside the run; " + lesson.id() + " under " + p.id()
                    + " has steps 0 to " + last);
        }
        onDisplay(() -> Launch.present(source.dir, lesson.id(), p.id(), step));
    }

    /**
     * Runs {@code start}; a display named in $DISPLAY that does not answer (no X server there, no access) is the
     * user's setup, not a bug: JavaFX says so with an UnsupportedOperationException.
     */
    static void onDisplay(Runnable start) {
        try {
            start.run();
        } catch (UnsupportedOperationException e) {
            if (e.getMessage() == null || !e.getMessage().contains("DISPLAY")) {
                throw e;
            }
            throw new UserError("cannot open the display '" + System.getenv("DISPLAY") + "' named in $DISPLAY (no X"
                    + " server answers there, or it refuses this user); start one or fix $DISPLAY, or make frames"
                    + " without one with 'dio-lab export'");
        }
    }
}
