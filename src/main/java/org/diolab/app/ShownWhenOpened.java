package org.diolab.app;

import javafx.beans.value.ChangeListener;
import javafx.scene.Node;
import javafx.scene.control.Tab;
import javafx.scene.layout.Pane;

/**
 * Puts what the first frame does not show into the scene only when it is first opened. Until then it is built and
 * follows the lesson as before (its listeners run), but it is in no scene: the start neither styles nor lays it out
 * (the side tabs, the Live room, the Glossary and the keys' list were ~60 % of the window's nodes, and the first
 * pass of styles and layout over them was most of the start's time on the FX thread).
 */
final class ShownWhenOpened {
    private ShownWhenOpened() {}

    /** {@code content} becomes {@code tab}'s content the first time the tab is selected (at once if it is). */
    static Tab content(Tab tab, Node content) {
        if (tab.isSelected()) {
            tab.setContent(content);
            return tab;
        }
        ChangeListener<Boolean> once = new ChangeListener<>() {
            @Override
            public void changed(javafx.beans.value.ObservableValue<? extends Boolean> o, Boolean was, Boolean on) {
                if (on) {
                    tab.selectedProperty().removeListener(this);
                    tab.setContent(content);
                }
            }
        };
        tab.selectedProperty().addListener(once);
        return tab;
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
