package org.diolab.app;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;
import javafx.scene.Scene;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;

/**
 * The window's keys. They are global only where the focused control does not use the key: they are handled after the
 * focused control had it (a Space on the quiz's Check button presses the button; arrows in a list move its
 * selection), and never while the user types in a text field. The same list feeds the {@code ?} overlay, so what it
 * shows is what works.
 */
public final class KeyboardShortcuts {
    /**
     * @param keys    as the overlay shows them ("Ctrl +")
     * @param when    when it applies, in words ("in presenter mode"), or empty
     * @param matches whether a key press is this shortcut
     * @param enabled whether it applies now (e.g. only in presenter mode)
     */
    public record Shortcut(
            String keys,
            String what,
            String when,
            Predicate<KeyEvent> matches,
            BooleanSupplier enabled,
            Runnable action) {}

    private final List<Shortcut> shortcuts = new ArrayList<>();

    public KeyboardShortcuts add(String keys, String what, Predicate<KeyEvent> matches, Runnable action) {
        return add(keys, what, "", matches, () -> true, action);
    }

    public KeyboardShortcuts add(
            String keys,
            String what,
            String when,
            Predicate<KeyEvent> matches,
            BooleanSupplier enabled,
            Runnable action) {
        shortcuts.add(new Shortcut(keys, what, when, matches, enabled, action));
        return this;
    }

    public List<Shortcut> list() {
        return List.copyOf(shortcuts);
    }

    /** A plain key (no Ctrl, Alt or Meta), with or without Shift. */
    public static Predicate<KeyEvent> key(KeyCode... codes) {
        return e -> !e.isShortcutDown()
                && !e.isAltDown()
                && !e.isControlDown()
                && !e.isMetaDown()
                && List.of(codes).contains(e.getCode());
    }

    /** Ctrl (Cmd on macOS) with one of {@code codes}. */
    public static Predicate<KeyEvent> shortcut(KeyCode... codes) {
        return e -> e.isShortcutDown() && List.of(codes).contains(e.getCode());
    }

    /** A key press whose text is {@code text} (for "?", whatever the keyboard layout). */
    public static Predicate<KeyEvent> text(String text) {
        return e -> text.equals(e.getText()) && !e.isShortcutDown();
    }

    /**
     * Handles the window's keys before any control does — unless the focused control uses the key itself (then it
     * gets it, and the shortcut does nothing). Taking them first keeps an ancestor such as a tab pane from turning
     * a step key into a tab switch.
     */
    public void install(Scene scene) {
        scene.addEventFilter(KeyEvent.KEY_PRESSED, e -> {
            if (KeyUse.usedBy(scene.getFocusOwner(), e)) {
                return;
            }
            for (Shortcut s : shortcuts) {
                if (s.enabled().getAsBoolean() && s.matches().test(e)) {
                    s.action().run();
                    e.consume();
                    return;
                }
            }
        });
    }
}
