package org.diolab.app.stage;

import javafx.scene.Node;

/**
 * Marks nodes the data-flow overlay draws arrows between, named like the engine's object refs ("page:B",
 * "block:leg0/0", "bvec:w1/0"), so skins and the overlay agree without knowing each other.
 */
final class Anchors {
    static final String KEY = "diolab.anchor";

    private Anchors() {
    }

    static <N extends Node> N mark(N node, String ref) {
        node.getProperties().put(KEY, ref);
        return node;
    }

    static String of(Node node) {
        Object v = node.getProperties().get(KEY);
        return v instanceof String s ? s : null;
    }
}
