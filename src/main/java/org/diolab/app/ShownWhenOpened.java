package org.diolab.app;

import javafx.beans.value.ChangeListener;
import javafx.scene.Node;
import javafx.scene.control.Tab;
import javafx.scene.layout.Pane;

/**
 * Puts what the first frame does not show into the scene only when it is first opened. Until then it is in no scene:
 * the start neither styles nor lays it out (the side tabs, the Live room, the Glossary and the keys' list were ~60 %
 * of the window's nodes, and the first pass of styles and layout over them was most of the start's time on the FX
 * thread). A tab's content can also be made only then ({@link #made}), with the view model under it: nothing of it
 * runs at the start, not even its listeners and background work on the lesson the start opens.
 */
final class ShownWhenOpened {
    private ShownWhenOpened() {}

    /**
     * {@code make} makes {@code tab}'s content the first time the tab is selected (at once if it is): what it makes
     * must show the lesson on show then, as it would have after following every change since the start.
     */
    static Tab made(Tab tab, java.util.function.Supplier<? extends Node> make) {
        if (tab.isSelected()) {
            tab.setContent(make.get());
            return tab;
        }
        ChangeListener<Boolean> once = new ChangeListener<>() {
            @Override
            public void changed(javafx.beans.value.ObservableValue<? extends Boolean> o, Boolean was, Boolean on) {
                if (on) {
                    tab.selectedProperty().removeListener(this);
                    tab.setContent(make.get());
                }
            }
        };
        tab.selectedProperty().addListener(once);
        return tab;
    }

    /** {@code content} becomes {@code tab}'s content the first time the tab is selected (at once if it is). */
    static Tab content(Tab tab, Node content) {
        return made(tab, () -> content);
    }

    /**
     * {@code node}, hidden now, joins {@code parent}'s children (just under {@code below}) the first time it is made
     * visible: an overlay that is seldom opened.
     */
    static void child(Pane parent, Node below, Node node) {
        if (node.isVisible()) {
            add(parent, below, node);
            return;
        }
        ChangeListener<Boolean> once = new ChangeListener<>() {
            @Override
            public void changed(javafx.beans.value.ObservableValue<? extends Boolean> o, Boolean was, Boolean on) {
                if (on) {
                    node.visibleProperty().removeListener(this);
                    add(parent, below, node);
                }
            }
        };
        node.visibleProperty().addListener(once);
    }

    private static void add(Pane parent, Node below, Node node) {
        int at = parent.getChildren().indexOf(below);
        parent.getChildren().add(at < 0 ? parent.getChildren().size() : at, node);
    }
}
