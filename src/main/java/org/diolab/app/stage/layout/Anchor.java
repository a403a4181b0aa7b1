package org.diolab.app.stage.layout;

import java.util.Optional;
import javafx.scene.Node;
import org.diolab.app.stage.cast.Column;
import org.diolab.engine.model.Ref;

/**
 * The name of a part inside a card that arrows start or end at, or that a transition moves: a page's bytes, a block's
 * row and its bytes and CRC, a checksum row, a bio's bvec, a pin, a lock waiter. A skin marks the node that draws the
 * part ({@link #mark}); the stage collects where each marked part sits once per cast (in stage units, for the arrows)
 * and asks a card for the node itself when it animates ({@code StageCard.part}). So skins, arrows and motion agree on
 * parts without knowing each other's nodes.
 *
 * <pre>{@code
 * body.getChildren().add(Anchor.mark(bytes, new Anchor.PageBytes(page.id())));   // in a skin
 * Rectangle2D where = anchors.get(new Anchor.PageBytes("B"));                    // in the arrow planner
 * }</pre>
 */
public sealed interface Anchor {
    /** The card the part is drawn on. */
    Ref card();

    /** A page's byte cells. */
    record PageBytes(String page) implements Anchor {
        public Ref card() {
            return Ref.page(page);
        }
    }

    /** A page's pin icon. */
    record Pin(String page) implements Anchor {
        public Ref card() {
            return Ref.page(page);
        }
    }

    /** One block's row on its device's card. */
    record BlockRow(String device, int block) implements Anchor {
        public Ref card() {
            return Ref.device(device);
        }
    }

    /** The byte cells of one block's row. */
    record BlockBytes(String device, int block) implements Anchor {
        public Ref card() {
            return Ref.device(device);
        }
    }

    /** The CRC32C of one block's row. */
    record Crc(String device, int block) implements Anchor {
        public Ref card() {
            return Ref.device(device);
        }
    }

    /** The crowd of blocks of a device (the blocks that have no row of their own). */
    record Blocks(String device) implements Anchor {
        public Ref card() {
            return Ref.device(device);
        }
    }

    /** One row of the checksum table. */
    record CsumRow(int block) implements Anchor {
        public Ref card() {
            return Ref.csums();
        }
    }

    /** The crowd of rows of the checksum table. */
    record CsumRows() implements Anchor {
        public Ref card() {
            return Ref.csums();
        }
    }

    /** The {@code index}-th bvec of bio {@code bio}. */
    record Bvec(String bio, int index) implements Anchor {
        public Ref card() {
            return Ref.bio(bio);
        }
    }

    /** The one chip of bio {@code bio} that stands for all its bvecs into the crowd of pages of {@code column}. */
    record BvecCrowd(String bio, Column column) implements Anchor {
        public Ref card() {
            return Ref.bio(bio);
        }
    }

    /** A bio's {@code bi_iter}, which submission advances (S004). */
    record Iter(String bio) implements Anchor {
        public Ref card() {
            return Ref.bio(bio);
        }
    }

    /** The {@code index}-th waiter in the inode's lock queue, first in line at 0. */
    record Waiter(int index) implements Anchor {
        public Ref card() {
            return Ref.inode();
        }
    }

    /** The part that draws an object inside a card: a page's bytes, a block's row, a checksum row; else none. */
    static Optional<Anchor> forRef(Ref r) {
        return switch (r) {
            case Ref.Page p -> Optional.of(new PageBytes(p.id()));
            case Ref.Block b -> Optional.of(new BlockRow(b.device(), b.block()));
            case Ref.Csum c -> Optional.of(new CsumRow(c.block()));
            default -> Optional.empty();
        };
    }

    /** Marks {@code node} as drawing part {@code a}. */
    static <N extends Node> N mark(N node, Anchor a) {
        node.getProperties().put(Anchor.class, a);
        return node;
    }

    /** The part {@code node} draws, or null. */
    static Anchor of(Node node) {
        return node.getProperties().get(Anchor.class) instanceof Anchor a ? a : null;
    }
}
