package org.diolab.app.presenter;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Optional;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;
import org.diolab.app.ui.Labels;
import org.diolab.lesson.LessonLibrary;

/**
 * Edits a lecture order (one {@code lesson [policy] [@step]} per line), loads or saves it as a text file, and starts
 * it. A line that names no lesson or policy is reported with its number and what exists.
 */
public final class LectureDialog extends Dialog<LectureOrder> {
    private final TextArea text = new TextArea();
    private final Label problem = Labels.wrapped("", "lecture-problem");

    public LectureDialog(LessonLibrary library, LectureOrder current) {
        setTitle("Lecture order");
        setHeaderText("The lessons of your talk, in order: the clicker walks through them.");
        text.setId("lecture-text");
        text.setPrefRowCount(10);
        text.setPrefColumnCount(48);
        text.setText(
                current != null
                        ? current.text()
                        : "# lesson-id [policy] [@step], one per line\n"
                                + String.join(
                                        "\n",
                                        library.lessons().stream()
                                                .limit(3)
                                                .map(l -> l.id() + " "
                                                        + l.defaultPolicy().id())
                                                .toList())
                                + "\n");
        Button load = new Button("Load…");
        load.setOnAction(e -> load());
        Button save = new Button("Save…");
        save.setOnAction(e -> save());
        Label help = Labels.wrapped("Lessons: " + String.join(", ", library.ids()), "lecture-help");
        VBox box = new VBox(8, text, new HBox(8, load, save), problem, help);
        box.setPrefWidth(640);
        getDialogPane().setContent(box);
        ButtonType start = new ButtonType("Start the lecture", javafx.scene.control.ButtonBar.ButtonData.OK_DONE);
        getDialogPane().getButtonTypes().addAll(start, ButtonType.CANCEL);
        getDialogPane().lookupButton(start).addEventFilter(javafx.event.ActionEvent.ACTION, e -> {
            try {
                LectureOrder.parse(text.getText(), library);
            } catch (IllegalArgumentException ex) {
                problem.setText(ex.getMessage());
                e.consume();
            }
        });
        setResultConverter(b -> b == start ? LectureOrder.parse(text.getText(), library) : null);
    }

    private void load() {
        FileChooser c = new FileChooser();
        c.setTitle("Load a lecture order");
        Optional.ofNullable(c.showOpenDialog(getOwner())).ifPresent(f -> {
            try {
                text.setText(Files.readString(f.toPath(), StandardCharsets.UTF_8));
            } catch (IOException ex) {
                problem.setText("Could not read " + f + ": " + ex.getMessage());
            }
        });
    }

    private void save() {
        FileChooser c = new FileChooser();
        c.setTitle("Save the lecture order");
        c.setInitialFileName("lecture.txt");
        Optional.ofNullable(c.showSaveDialog(getOwner())).ifPresent(f -> {
            try {
                Files.writeString(f.toPath(), text.getText(), StandardCharsets.UTF_8);
            } catch (IOException ex) {
                problem.setText("Could not write " + f + ": " + ex.getMessage());
            }
        });
    }
}
