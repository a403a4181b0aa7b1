package org.diolab.app.stage;

import javafx.scene.Node;

/**
 * Marks the nodes inside cards that arrows start and end at — a block's row ({@link org.diolab.engine.model.Ref.Block}),
 * a checksum row ({@link org.diolab.engine.model.Ref.Csum}), a page's bytes ({@link org.diolab.engine.model.Ref.Page}),
 * a bio's bvec ({@link Bvec}) — so skins and the arrow layer agree without knowing each other.
 */
final class Anchors {
    static final String KEY = "diolab.anchor";

    private Anchors() {}

    /** The {@code index}-th bvec of bio {@code bio}. */
    record Bvec(String bio, int index) {}

    static <N extends Node> N mark(N node, Object key) {
        node.getProperties().put(KEY, key);
        return node;
    }

    static Object of(Node node) {
        return node.getProperties().get(KEY);
    }
}
