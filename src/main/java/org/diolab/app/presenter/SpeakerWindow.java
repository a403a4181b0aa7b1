package org.diolab.app.presenter;

import java.util.function.LongSupplier;
import javafx.animation.AnimationTimer;
import javafx.geometry.Rectangle2D;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.Screen;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.diolab.app.lesson.LessonViewModel;
import org.diolab.app.stage.StageFrame;
import org.diolab.app.stage.StageView;
import org.diolab.app.stage.cast.LanePaths;
import org.diolab.app.stage.cast.StageCasting;
import org.diolab.app.ui.Labels;
import org.diolab.engine.Narration;
import org.diolab.engine.Snapshot;
import org.diolab.engine.Trace;
import org.diolab.engine.op.Policy;
import org.diolab.lesson.Lesson;

/**
 * The speaker's own window, for the second screen: the step on show in words, what the next step will be (in words and
 * as a thumbnail of the stage), notes (the seed's quote and the invariants' state), the lecture's position, and a
 * timer. It follows the lesson's view model.
 */
public final class SpeakerWindow {
    static final double THUMB_WIDTH = 480;
    static final double THUMB_HEIGHT = 300;
    private final Stage stage = new Stage();
    private final LessonViewModel vm;
    private final LectureRunner lecture;
    private final Label now = Labels.wrapped("", "speaker-now");
    private final Label nowText = Labels.wrapped("", "speaker-text");
    private final Label next = Labels.wrapped("", "speaker-next");
    private final Label notes = Labels.wrapped("", "speaker-notes");
    /** The next step as the audience will see it: a small stage of its own, framed by its camera, without motion. */
    private final StageView nextStage = new StageView();

    private Trace lanesFor;
    private LanePaths lanes;
    private final Label where = new Label();
    private final Label timer = new Label("00:00");
    private final LongSupplier nanos;
    private long started;
    private final AnimationTimer clock = new AnimationTimer() {
        @Override
        public void handle(long t) {
            tick();
        }
    };
    private final Scene scene;

    public SpeakerWindow(LessonViewModel vm, LectureRunner lecture, String stylesheet) {
        this(vm, lecture, stylesheet, System::nanoTime);
    }

    /** @param nanos the timer's clock (tests drive their own) */
    public SpeakerWindow(LessonViewModel vm, LectureRunner lecture, String stylesheet, LongSupplier nanos) {
        this.vm = vm;
        this.lecture = lecture;
        this.nanos = nanos;
        this.started = nanos.getAsLong();
        timer.getStyleClass().add("speaker-timer");
        timer.setId("speaker-timer");
        where.getStyleClass().add("speaker-where");
        Button reset = new Button("Reset timer");
        reset.setOnAction(e -> started = nanos.getAsLong());
        // Nothing here takes the keys: the clicker's keys go to the window's shortcuts, whichever window has focus.
        reset.setFocusTraversable(false);
        Region grow = new Region();
        HBox.setHgrow(grow, Priority.ALWAYS);
        HBox top = new HBox(16, where, grow, timer, reset);
        Label nextTitle = new Label("NEXT");
        nextTitle.getStyleClass().add("section-title");
        Label notesTitle = new Label("NOTES");
        notesTitle.getStyleClass().add("section-title");
        nextStage.setId("speaker-next-stage");
        nextStage.getStyleClass().add("speaker-thumbnail");
        nextStage.setFocusTraversable(false);
        nextStage.setMouseTransparent(true);
        nextStage.reducedMotionProperty().set(true);
        nextStage.castProperty().bind(vm.castProperty());
        nextStage.setMinSize(THUMB_WIDTH, THUMB_HEIGHT);
        nextStage.setPrefSize(THUMB_WIDTH, THUMB_HEIGHT);
        nextStage.setMaxSize(THUMB_WIDTH, THUMB_HEIGHT);
        VBox body = new VBox(14, top, now, nowText, nextTitle, nextStage, next, notesTitle, notes);
        body.getStyleClass().addAll("speaker-window", "right-panel");
        ScrollPane scroll = new ScrollPane(body);
        scroll.setFitToWidth(true);
        scroll.setFocusTraversable(false);
        scene = new Scene(scroll, 900, 700);
        scene.getStylesheets().add(stylesheet);
        stage.setScene(scene);
        stage.setTitle("DIO Lab — speaker view");
        vm.snapshotProperty().addListener((o, a, s) -> show());
        show();
    }

    /** Opens it — on a screen other than {@code audience}'s, when there is one. */
    public void open(Window audience) {
        for (Screen s : Screen.getScreens()) {
            Rectangle2D b = s.getVisualBounds();
            if (audience == null || !b.contains(audience.getX() + 1, audience.getY() + 1)) {
                stage.setX(b.getMinX() + 20);
                stage.setY(b.getMinY() + 20);
                stage.setWidth(Math.min(1000, b.getWidth() - 40));
                stage.setHeight(b.getHeight() - 40);
                break;
            }
        }
        started = nanos.getAsLong();
        tick();
        clock.start();
        stage.show();
    }

    public void close() {
        clock.stop();
        stage.hide();
    }

    public boolean showing() {
        return stage.isShowing();
    }

    /** Its scene, for the window's keys: the clicker steps the lecture whichever window has focus. */
    public Scene scene() {
        return scene;
    }

    private void tick() {
        long s = Math.max(0, (nanos.getAsLong() - started) / 1_000_000_000L);
        timer.setText(String.format("%02d:%02d", s / 60, s % 60));
    }

    /** The thumbnail of step {@code index} (the last step's own picture at the end of the run). */
    private void showNextStage(Trace t, int index) {
        Lesson l = vm.lessonProperty().get();
        Policy p = vm.policyProperty().get();
        if (l == null || p == null) {
            return;
        }
        if (lanesFor != t) {
            lanesFor = t;
            lanes = new LanePaths(l.simulator(p), t, StageCasting.threadTitles(l.scenario()));
        }
        int i = Math.min(index, t.size() - 1);
        nextStage.setFrame(new StageFrame(t, i, lanes.at(i)));
    }

    /** The small stage that previews the next step. */
    public StageView nextStage() {
        return nextStage;
    }

    /** Whether there is a second screen for it. */
    public static boolean secondScreen() {
        return Screen.getScreens().size() > 1;
    }

    private void show() {
        Trace t = vm.traceProperty().get();
        Snapshot s = vm.snapshotProperty().get();
        if (t == null || s == null) {
            return;
        }
        where.setText((lecture.active() ? "Lecture " + lecture.label() + " · " : "") + "step " + s.index() + " / "
                + (t.size() - 1));
        now.setText(s.event().action());
        Narration n = s.narration();
        nowText.setText(n == null ? "" : n.text());
        showNextStage(t, s.index() + 1);
        if (s.index() + 1 < t.size()) {
            Snapshot nx = t.get(s.index() + 1);
            next.setText(nx.event().action()
                    + (nx.narration() == null ? "" : "\n" + nx.narration().text()));
        } else {
            next.setText(
                    lecture.active()
                            ? "End of this lesson: the clicker opens the next one of the lecture."
                            : "End of the run.");
        }
        StringBuilder b = new StringBuilder();
        if (n != null && n.hasQuote()) {
            b.append('“')
                    .append(n.quote())
                    .append("” — ")
                    .append(n.speaker() == null ? "" : n.speaker())
                    .append("\n\n");
        }
        vm.invariantsProperty()
                .get()
                .forEach(i -> b.append(i.violated() ? "✗ " : "✓ ")
                        .append(i.id())
                        .append(i.violated() ? ": " + String.join("; ", i.details()) : " holds")
                        .append('\n'));
        notes.setText(b.toString().strip());
    }
}
