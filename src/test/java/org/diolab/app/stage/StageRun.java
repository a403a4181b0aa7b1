package org.diolab.app.stage;

import javafx.scene.Scene;
import javafx.scene.layout.StackPane;
import org.diolab.app.DioLabApp;
import org.diolab.app.Themes;
import org.diolab.app.stage.cast.LanePaths;
import org.diolab.app.stage.cast.StageCasting;
import org.diolab.engine.Simulator;
import org.diolab.engine.Trace;
import org.diolab.lesson.Lesson;

/**
 * A lesson's scripted run (under its default policy) as the stage draws it, for tests and benchmarks that drive a
 * {@link StageView} alone: its cast, and a frame per step.
 */
public final class StageRun {
    public final Lesson lesson;
    public final Trace trace;
    private final Simulator sim;
    private final LanePaths lanes;

    public StageRun(Lesson lesson) {
        this.lesson = lesson;
        this.sim = lesson.simulator(lesson.defaultPolicy());
        this.trace = lesson.play(lesson.defaultPolicy());
        this.lanes = new LanePaths(sim, trace, StageCasting.threadTitles(lesson.scenario()));
    }

    public void cast(StageView view) {
        view.setCast(StageCasting.of(sim, trace, StageCasting.threadTitles(lesson.scenario())));
    }

    public void show(StageView view, int i) {
        view.setFrame(new StageFrame(trace, i, lanes.at(i)));
    }

    /**
     * {@code view} in the app's theme and stylesheet, in a scene of {@code width} × {@code height} that no window
     * shows (the Headless platform's screen is 1000×1000: a shown full-HD window would not fit). FX thread.
     *
     * @return the scene's root, to lay out by hand (an unshown scene gets no pulses)
     */
    public static StackPane offscreen(StageView view, int width, int height) {
        Themes.apply(false);
        StackPane root = new StackPane(view);
        Scene scene = new Scene(root, width, height);
        scene.getStylesheets()
                .add(DioLabApp.class.getResource(DioLabApp.STYLESHEET).toExternalForm());
        return root;
    }
}
