package org.diolab.app.library;

import java.nio.file.Path;
import java.util.List;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import org.diolab.app.ui.Labels;
import org.diolab.lesson.BrokenLesson;
import org.diolab.lesson.Problem;
import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.materialdesign2.MaterialDesignA;

/**
 * Over the stage, where the user looks after saving: the open lesson's file is broken now, here is its first problem
 * ({@code file:line:column}), and what is on show is the last version that loaded. The library has every problem, but
 * it is folded away on a 1280-px window. Gone as soon as the file loads again.
 */
public final class BrokenFileBanner extends HBox {
    private final Label title = Labels.wrapped("", "broken-banner-title");
    private final Label problem = Labels.wrapped("", "broken-banner-problem");
    private Tooltip tip;

    public BrokenFileBanner(LibraryViewModel vm) {
        super(10);
        setId("broken-banner");
        getStyleClass().add("broken-banner");
        setAlignment(Pos.CENTER_LEFT);
        title.setId("broken-banner-title");
        problem.setId("broken-banner-problem");
        FontIcon icon = new FontIcon(MaterialDesignA.ALERT_OUTLINE);
        icon.getStyleClass().add("broken-banner-icon");
        VBox words = new VBox(2, title, problem);
        words.setMinWidth(0);
        HBox.setHgrow(words, Priority.ALWAYS);
        getChildren().addAll(icon, words);
        managedProperty().bind(visibleProperty());
        vm.brokenOnShowProperty().addListener((o, a, b) -> show(b));
        show(vm.brokenOnShowProperty().get());
    }

    private void show(BrokenLesson b) {
        setVisible(b != null);
        if (tip != null) {
            Tooltip.uninstall(this, tip);
            tip = null;
        }
        if (b == null) {
            title.setText("");
            problem.setText("");
            setAccessibleText(null);
            return;
        }
        String name = fileName(b.file());
        title.setText(name + " is broken since it was last saved: the lesson shown is its last good version."
                + " Fix the file and save it; it reloads by itself.");
        List<Problem> ps = b.problems();
        problem.setText(
                ps.isEmpty()
                        ? b.summary()
                        : firstLine(ps.getFirst())
                                + (ps.size() > 1 ? "   (and " + (ps.size() - 1) + " more: see the library)" : ""));
        tip = new Tooltip(String.join("\n", ps.stream().map(Problem::format).toList()));
        tip.setWrapText(true);
        tip.setMaxWidth(640);
        Tooltip.install(this, tip);
        setAccessibleText(title.getText() + " " + problem.getText());
    }

    /** {@code name.yaml:line:column: what — hint}: the full path is in the tooltip. */
    private static String firstLine(Problem p) {
        return new Problem(fileName(p.file()), p.line(), p.column(), p.message(), p.hint()).format();
    }

    private static String fileName(String file) {
        Path name = Path.of(file).getFileName();
        return name == null ? file : name.toString();
    }
}
