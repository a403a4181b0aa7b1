package org.diolab.app;

import atlantafx.base.theme.Styles;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.diolab.lesson.Lesson;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.materialdesign2.MaterialDesignH;
import org.kordamp.ikonli.materialdesign2.MaterialDesignP;
import org.kordamp.ikonli.materialdesign2.MaterialDesignW;

/**
 * The top of the window: brand, the lesson's title and goal, the window's buttons (lecture, export, shortcuts,
 * presenter mode, theme), and the policy bar under them.
 */
public final class HeaderBar extends VBox {
    private final Label title = new Label("Choose a lesson");
    private final Label goal = new Label();
    private final ToggleButton dark = toggle("theme-toggle", MaterialDesignW.WEATHER_NIGHT, "Dark theme");
    private final ToggleButton present = toggle("present-toggle", MaterialDesignP.PRESENTATION_PLAY,
            "Presenter mode (F5): full screen, large type; PgDn/PgUp step, B blanks");
    private final Button help = button("help-button", MaterialDesignH.HELP_CIRCLE_OUTLINE, "Keyboard shortcuts (?)");

    public HeaderBar(LessonViewModel vm, Node exportMenu, Node lecture) {
        super(8);
        getStyleClass().add("top-bar");
        title.getStyleClass().add(Styles.TITLE_3);
        title.getStyleClass().add("lesson-heading");
        title.setId("lesson-title");
        title.setWrapText(true);
        title.setMinHeight(Region.USE_PREF_SIZE);
        goal.getStyleClass().add("lesson-goal");
        goal.setId("lesson-goal");
        goal.setWrapText(true);
        goal.setMinHeight(Region.USE_PREF_SIZE);
        VBox heading = new VBox(2, title, goal);
        heading.setMinWidth(0);
        HBox.setHgrow(heading, Priority.ALWAYS);
        Label brand = new Label("DIO Lab");
        brand.getStyleClass().add("brand");
        brand.setMinWidth(Region.USE_PREF_SIZE);
        dark.selectedProperty().addListener((o, a, on) -> Themes.apply(on));
        HBox row = new HBox(16, brand, heading, lecture, exportMenu, help, present, dark);
        row.setAlignment(Pos.CENTER_LEFT);
        getChildren().addAll(row, new PolicyBar(vm));
        vm.lessonProperty().addListener((o, a, l) -> show(l));
    }

    private void show(Lesson l) {
        title.setText(l.title());
        goal.setText(l.goal() + "  (" + l.seedLabel() + ")");
    }

    public ToggleButton darkToggle() {
        return dark;
    }

    public ToggleButton presentToggle() {
        return present;
    }

    public Button helpButton() {
        return help;
    }

    static ToggleButton toggle(String id, Ikon icon, String tip) {
        ToggleButton t = new ToggleButton(null, new FontIcon(icon));
        t.setId(id);
        t.setTooltip(new Tooltip(tip));
        t.setAccessibleText(tip);
        t.setFocusTraversable(false);
        return t;
    }

    static Button button(String id, Ikon icon, String tip) {
        Button b = new Button(null, new FontIcon(icon));
        b.setId(id);
        b.setTooltip(new Tooltip(tip));
        b.setAccessibleText(tip);
        b.setFocusTraversable(false);
        return b;
    }
}
