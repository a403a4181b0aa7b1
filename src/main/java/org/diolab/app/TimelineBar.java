package org.diolab.app;

import atlantafx.base.theme.Styles;
import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.Slider;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.util.Duration;
import org.diolab.app.lesson.LessonViewModel;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.materialdesign2.MaterialDesignP;
import org.kordamp.ikonli.materialdesign2.MaterialDesignS;

/**
 * First / back / play-pause / forward / last, a scrubber and the playback speed. Playback is a JavaFX Timeline that
 * calls {@link LessonViewModel#tick()}; the view model decides what a tick means.
 */
public final class TimelineBar extends HBox {
    private final Timeline player = new Timeline();
    private final Button play;
    private final LessonViewModel vm;
    private final Slider scrubber = new Slider(0, 1, 0);

    public TimelineBar(LessonViewModel vm) {
        super(6);
        this.vm = vm;
        getStyleClass().add("timeline-bar");
        setAlignment(Pos.CENTER_LEFT);
        Button first = button("first", MaterialDesignS.SKIP_PREVIOUS, "First step (Home)", vm::first);
        Button back = button("back", MaterialDesignS.STEP_BACKWARD, "Back one step (Left)", vm::back);
        play = button("play", MaterialDesignP.PLAY, "Play / pause (Space)", vm.playback()::togglePlay);
        Button forward = button("forward", MaterialDesignS.STEP_FORWARD, "Forward one step (Right)", vm::forward);
        Button last = button("last", MaterialDesignS.SKIP_NEXT, "Last step (End)", vm::last);

        scrubber.setId("scrubber");
        scrubber.setMajorTickUnit(1);
        scrubber.setMinorTickCount(0);
        scrubber.setSnapToTicks(true);
        scrubber.setBlockIncrement(1);
        scrubber.setFocusTraversable(false);
        scrubber.maxProperty().bind(vm.lastIndexProperty());
        HBox.setHgrow(scrubber, Priority.ALWAYS);
        scrubber.valueProperty().addListener((o, a, b) -> vm.goTo((int) Math.round(b.doubleValue())));
        vm.indexProperty().addListener((o, a, b) -> scrubber.setValue(b.intValue()));

        Label position = new Label();
        position.setId("position");
        position.getStyleClass().add("position");
        position.textProperty().bind(vm.indexProperty().asString().concat(" / ").concat(vm.lastIndexProperty()));

        ComboBox<String> speed = new ComboBox<>();
        speed.getItems().addAll("0.5×", "1×", "2×", "4×");
        speed.setValue(speedLabel(vm.playback().speedProperty().get()));
        speed.setFocusTraversable(false);
        speed.setTooltip(new Tooltip("Playback speed"));
        speed.valueProperty()
                .addListener((o, a, b) -> vm.playback().selectSpeed(Double.parseDouble(b.replace("×", ""))));
        player.rateProperty().bind(vm.playback().speedProperty());
        vm.playback().speedProperty().addListener((o, a, r) -> speed.setValue(speedLabel(r.doubleValue())));

        player.getKeyFrames()
                .add(new KeyFrame(Duration.millis(900), e -> vm.playback().tick()));
        player.setCycleCount(Timeline.INDEFINITE);
        vm.playback().playingProperty().addListener((o, a, on) -> {
            play.setGraphic(new FontIcon(on ? MaterialDesignP.PAUSE : MaterialDesignP.PLAY));
            if (on) {
                player.play();
            } else {
                player.stop();
            }
        });
        getChildren().addAll(first, back, play, forward, last, scrubber, position, speed);
    }

    /** Playback speed (1 = normal, the view model's): the stage's transitions follow it. */
    public ReadOnlyDoubleProperty speedProperty() {
        return vm.playback().speedProperty();
    }

    /** True while the user drags the scrubber: steps then change without motion. */
    public ReadOnlyBooleanProperty scrubbingProperty() {
        return scrubber.valueChangingProperty();
    }

    private static String speedLabel(double rate) {
        return (rate == Math.rint(rate) ? String.valueOf((long) rate) : String.valueOf(rate)) + "×";
    }

    private static Button button(String id, Ikon icon, String tip, Runnable action) {
        Button b = new Button(null, new FontIcon(icon));
        b.setId(id);
        b.getStyleClass().addAll(Styles.BUTTON_ICON);
        b.setTooltip(new Tooltip(tip));
        b.setFocusTraversable(false);
        b.setOnAction(e -> action.run());
        b.setAccessibleText(tip);
        return b;
    }
}
