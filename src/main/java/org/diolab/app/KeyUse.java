package org.diolab.app;

import static javafx.scene.input.KeyCode.DOWN;
import static javafx.scene.input.KeyCode.END;
import static javafx.scene.input.KeyCode.ENTER;
import static javafx.scene.input.KeyCode.HOME;
import static javafx.scene.input.KeyCode.LEFT;
import static javafx.scene.input.KeyCode.PAGE_DOWN;
import static javafx.scene.input.KeyCode.PAGE_UP;
import static javafx.scene.input.KeyCode.RIGHT;
import static javafx.scene.input.KeyCode.SPACE;
import static javafx.scene.input.KeyCode.UP;

import java.util.EnumSet;
import java.util.Set;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.control.ButtonBase;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.ComboBoxBase;
import javafx.scene.control.ListView;
import javafx.scene.control.MenuButton;
import javafx.scene.control.ScrollBar;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Slider;
import javafx.scene.control.Spinner;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableView;
import javafx.scene.control.TextInputControl;
import javafx.scene.control.TreeTableView;
import javafx.scene.control.TreeView;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;

/**
 * Which keys the focused control uses itself: a button its Space and Enter, a list its arrows, a text field every
 * plain key. The window's shortcuts stand back for those keys, and take every other one before an ancestor control
 * (a tab pane, a scroll pane) could swallow it.
 */
final class KeyUse {
    private static final Set<KeyCode> PRESS = EnumSet.of(SPACE, ENTER);
    private static final Set<KeyCode> ARROWS = EnumSet.of(LEFT, RIGHT, UP, DOWN, HOME, END, PAGE_UP, PAGE_DOWN);
    private static final Set<KeyCode> VERTICAL = EnumSet.of(UP, DOWN, HOME, END, PAGE_UP, PAGE_DOWN, SPACE);
    private static final Set<KeyCode> POPUP = EnumSet.of(SPACE, ENTER, UP, DOWN);

    private KeyUse() {}

    /** Whether {@code focus} handles {@code e} itself. */
    static boolean usedBy(Node focus, KeyEvent e) {
        KeyCode k = e.getCode();
        if (focus == null || e.isShortcutDown() && !(focus instanceof TextInputControl)) {
            return false;
        }
        return switch (focus) {
            case TextInputControl t -> !k.isFunctionKey() && k != KeyCode.ESCAPE && !e.isShortcutDown();
            case MenuButton m -> POPUP.contains(k);
            case ButtonBase b -> PRESS.contains(k);
            case ComboBoxBase<?> c -> POPUP.contains(k);
            case ChoiceBox<?> c -> POPUP.contains(k);
            case Spinner<?> s -> k == UP || k == DOWN;
            case Slider s -> ARROWS.contains(k);
            case ScrollBar s -> ARROWS.contains(k);
            case ScrollPane s -> ARROWS.contains(k) || k == SPACE;
            // A tab strip left out of focus traversal (the window's) still takes focus when clicked: its arrows
            // would switch tabs (and leave the quiz) where the user meant to step.
            case TabPane t -> t.isFocusTraversable() && ARROWS.contains(k);
            case ListView<?> l ->
                l.getOrientation() == Orientation.HORIZONTAL ? ARROWS.contains(k) || k == SPACE : VERTICAL.contains(k);
            case TableView<?> t -> ARROWS.contains(k) || k == SPACE;
            case TreeView<?> t -> ARROWS.contains(k) || k == SPACE;
            case TreeTableView<?> t -> ARROWS.contains(k) || k == SPACE;
            default -> false;
        };
    }
}
