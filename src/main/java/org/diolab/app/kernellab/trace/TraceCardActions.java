package org.diolab.app.kernellab.trace;

import javafx.beans.property.BooleanProperty;
import javafx.beans.value.ObservableBooleanValue;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.VBox;
import javafx.stage.Window;

/**
 * A verdict card's trace part: one line about the scenario's recording (a lossy one says so, styled as a warning)
 * and "Show the kernel's trace", which opens it beside the lesson's run; or why nothing was recorded. Also the run's
 * "Record the kernel's trace" choice ({@link #choice}).
 */
public final class TraceCardActions extends VBox {
    /** Opens the trace of a scenario over a window. */
    @FunctionalInterface
    public interface Opener {
        void open(Window owner, String scenarioId, java.util.function.Consumer<String> onError);
    }

    public TraceCardActions(TraceOffer offer, Opener opener) {
        super(4);
        getStyleClass().add("kernel-trace-offer");
        getStylesheets()
                .add(TraceCardActions.class.getResource("kernel-trace.css").toExternalForm());
        Label note = new Label(offer.note());
        note.setWrapText(true);
        note.setId("kernel-trace-note-" + offer.scenarioId());
        note.getStyleClass().add(offer.lossy() ? "trace-lossy" : "trace-note");
        if (!offer.recorded()) {
            getChildren().add(note);
            return;
        }
        Label error = new Label();
        error.setWrapText(true);
        error.setId("kernel-trace-error-" + offer.scenarioId());
        error.setManaged(false);
        Button show = new Button("Show the kernel's trace");
        show.setId("kernel-trace-show-" + offer.scenarioId());
        show.setTooltip(new Tooltip("The recorded failures as a space-time picture of the kernel's own events,"
                + " beside the lesson's scripted run"));
        show.setOnAction(e -> opener.open(getScene().getWindow(), offer.scenarioId(), why -> {
            error.setText(why);
            error.setManaged(true);
        }));
        getChildren().addAll(show, note, error);
    }

    /** "Record the kernel's trace" for the run controls, bound to {@code record}, off while {@code running}. */
    public static CheckBox choice(BooleanProperty record, ObservableBooleanValue running) {
        CheckBox c = new CheckBox("Record the kernel's trace");
        c.setId("kernel-trace-record");
        c.selectedProperty().bindBidirectional(record);
        c.disableProperty().bind(javafx.beans.binding.Bindings.createBooleanBinding(running::get, running));
        c.setTooltip(new Tooltip("Each scenario runs twice: untraced for its verdict, then again with the kernel's"
                + " tracepoints recorded in a tracefs instance of the lab's own (kernel-lab --trace DIR)"));
        return c;
    }
}
