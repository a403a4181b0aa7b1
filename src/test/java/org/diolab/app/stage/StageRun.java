package org.diolab.app.stage;

import atlantafx.base.theme.PrimerLight;
import javafx.application.Application;
import javafx.scene.Scene;
import javafx.scene.layout.StackPane;
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
     * {@code view} in the app's light theme (the stage brings its own stylesheets), in a scene of {@code width} × {@code height} that no window
     * shows (the Headless platform's screen is 1000×1000: a shown full-HD window would not fit). FX thread.
     *
     * @return the scene's root, to lay out by hand (an unshown scene gets no pulses)
     */
    public static StackPane offscreen(StageView view, int width, int height) {
        Application.setUserAgentStylesheet(new PrimerLight().getUserAgentStylesheet());
        StackPane root = new StackPane(view);
        new Scene(root, width, height);
        return root;
    }
}
