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

    /** The one chip of bio {@code bio} that stands for all its bvecs into the crowd of pages of {@code column}. */
    record BvecCrowd(String bio, Column column) {}

    /** The crowd of blocks of device {@code device} (the blocks that have no row of their own). */
    record Blocks(String device) {}

    /** The crowd of rows of the checksum table. */
    record CsumRows() {}

    static <N extends Node> N mark(N node, Object key) {
        node.getProperties().put(KEY, key);
        return node;
    }

    static Object of(Node node) {
        return node.getProperties().get(KEY);
    }
}
