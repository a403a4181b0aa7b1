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
import org.diolab.app.lesson.LessonViewModel;
import org.diolab.app.lesson.PolicyBar;
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
    private final ToggleButton present = toggle(
            "present-toggle",
            MaterialDesignP.PRESENTATION_PLAY,
            "Presenter mode (F5): full screen, large type; PgDn/PgUp step, B blanks");
    private final Button help = button("help-button", MaterialDesignH.HELP_CIRCLE_OUTLINE, "Keyboard shortcuts (?)");

    private HBox row;
    private PolicyBar policies;
    private final javafx.beans.property.BooleanProperty compact =
            new javafx.beans.property.SimpleBooleanProperty(this, "compact");

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
        PolicyBar policies = new PolicyBar(vm);
        getChildren().addAll(row, policies);
        // Presenter mode: title, policy toggle and presenter button — on one row when they fit — and the rest of
        // the chrome on keys (? lists them).
        this.row = row;
        this.policies = policies;
        title.setMinWidth(260);
        compact.addListener((o, a, on) -> {
            for (Node n : new Node[] {brand, goal, lecture, exportMenu, help, dark}) {
                n.setVisible(!on);
                n.setManaged(!on);
            }
            policies.noteShownProperty().set(!on);
            placePolicies();
        });
        widthProperty().addListener((o, a, w) -> placePolicies());
        vm.lessonProperty().addListener((o, a, l) -> placePolicies());
        vm.lessonProperty().addListener((o, a, l) -> show(l));
    }

    /** The policy toggle joins the title's row in compact mode if both fit on it, else it has a row of its own. */
    private void placePolicies() {
        boolean inRow = policies.getParent() == row;
        double need = title.prefWidth(-1)
                + policies.prefWidth(-1)
                + present.prefWidth(-1)
                + 2 * row.getSpacing()
                + snappedLeftInset()
                + snappedRightInset()
                + 8;
        boolean want = compact.get() && need <= getWidth();
        if (want && !inRow) {
            getChildren().remove(policies);
            row.getChildren().add(row.getChildren().indexOf(present), policies);
        } else if (!want && inRow) {
            row.getChildren().remove(policies);
            getChildren().add(policies);
        }
    }

    private void show(Lesson l) {
        title.setText(l.title());
        goal.setText(l.goal() + "  (" + l.seedLabel() + ")");
    }

    /** Puts {@code n} first on the top row, before the brand (the library button). */
    public void addLeading(Node n) {
        row.getChildren().addFirst(n);
    }

    /** One row, the window's chrome on keys: what presenter mode wants. */
    public javafx.beans.property.BooleanProperty compactProperty() {
        return compact;
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
