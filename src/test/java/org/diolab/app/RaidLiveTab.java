package org.diolab.app;

import java.nio.file.Path;
import java.util.List;
import javafx.stage.Stage;
import org.diolab.app.lesson.LessonViewModel;
import org.diolab.app.work.ManualWork;
import org.diolab.lesson.LessonLoader;
import org.diolab.lesson.LiveExperiment;
import org.diolab.live.job.JobArgs;
import org.diolab.live.job.JobSpec;
import org.diolab.live.report.JobResult;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The Live tab of the RAID1 lesson in a 1280×720 window, for the view tests that give it made-up results: the run is
 * started from the window as a user would, and the test then hands in what the jobs "measured" (the work never runs).
 */
final class RaidLiveTab {
    static final String LESSON = "raid1-mirrors-diverge";

    private final ManualWork work = new ManualWork();
    private MainWindow window;

    /** The window on {@code stage}, the RAID1 lesson open. */
    void show(Stage stage) {
        stage.setWidth(1280);
        stage.setHeight(720);
        window = new MainWindow(LessonLoader.loadBundled(), new LessonViewModel(), work);
        stage.setScene(DioLabApp.createScene(window));
        stage.show();
        window.openLesson(LESSON);
    }

    MainWindow window() {
        return window;
    }

    /** Clicks the Live tab open, and waits until the FX thread is idle. */
    void open(FxRobot robot) {
        robot.clickOn("Live on this disk");
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** Chooses {@code scratch} and clicks Run; the lesson's experiment, whose jobs the results are to answer. */
    LiveExperiment run(FxRobot robot, Path scratch) {
        robot.interact(() -> window.liveView().useDirectory(scratch));
        robot.clickOn("#live-run");
        return LessonLoader.loadBundled().find(LESSON).orElseThrow().live();
    }

    /** The experiment's jobs, in its order, as the run parses them. */
    static List<JobSpec> specs(LiveExperiment x) {
        return x.jobs().stream().map(j -> JobArgs.parse(j.name(), j.args())).toList();
    }

    /** Ends the run with {@code results} (each job's repeats, in the experiment's order), and waits for the view. */
    void finish(FxRobot robot, List<List<JobResult>> results) {
        robot.interact(() -> work.last().done().accept(results));
        WaitForAsyncUtils.waitForFxEvents();
    }
}
