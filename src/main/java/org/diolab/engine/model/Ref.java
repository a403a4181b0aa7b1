package org.diolab.engine.model;

/**
 * A reference to one object a step can change or an invariant can name: a page, a bio, a block of a device, a row of
 * the checksum table, a checksum work item, the inode. One naming scheme for the whole engine, so a highlight in the
 * app and a {@code changed} entry in JSON mean the same thing.
 *
 * <p>Views switch over the records ({@code case Ref.Block b -> b.device()}) instead of splitting strings. The
 * {@link #toString()} of each record is its stable name ({@code page:B}, {@code bio:w1@leg0}, {@code block:leg1/0},
 * {@code csum:0}, {@code work:w1.csum}, {@code device:leg0}, {@code csums}, {@code inode}): traces print it and JSON carries it. Refs sort by that name.
 *
 * <pre>{@code
 * Set<Ref> changed = Set.of(Ref.page("B"), Ref.block("leg1", 0));
 * changed.contains(Ref.page("B"));   // true
 * Ref.block("leg1", 0).toString();   // "block:leg1/0"
 * }</pre>
 */
public sealed interface Ref extends Comparable<Ref> {
    /** A page (user memory, bounce page or page-cache folio) by id. */
    record Page(String id) implements Ref {
        @Override
        public String toString() {
            return "page:" + id;
        }
    }

    /** A bio or one of its per-device clones ({@code w1@leg0}) by id. */
    record Bio(String id) implements Ref {
        @Override
        public String toString() {
            return "bio:" + id;
        }
    }

    /** Block {@code block} as stored on device {@code device}. */
    record Block(String device, int block) implements Ref {
        @Override
        public String toString() {
            return "block:" + device + "/" + block;
        }
    }

    /** The checksum table's entry for file block {@code block}. */
    record Csum(int block) implements Ref {
        @Override
        public String toString() {
            return "csum:" + block;
        }
    }

    /** An async checksum work item (S004) by id. */
    record Work(String id) implements Ref {
        @Override
        public String toString() {
            return "work:" + id;
        }
    }

    /** A device (or RAID1 leg) as a whole: its DMA queue and its blocks. */
    record Device(String id) implements Ref {
        @Override
        public String toString() {
            return "device:" + id;
        }
    }

    /** The file's checksum table as a whole (one {@link Csum} per block in it). */
    record Csums() implements Ref {
        @Override
        public String toString() {
            return "csums";
        }
    }

    /** The inode's i_rwsem and i_dio_count. */
    record Inode() implements Ref {
        @Override
        public String toString() {
            return "inode";
        }
    }

    static Ref page(String id) {
        return new Page(id);
    }

    static Ref bio(String id) {
        return new Bio(id);
    }

    static Ref block(String device, int block) {
        return new Block(device, block);
    }

    static Ref csum(int block) {
        return new Csum(block);
    }

    static Ref work(String id) {
        return new Work(id);
    }

    static Ref device(String id) {
        return new Device(id);
    }

    static Ref csums() {
        return new Csums();
    }

    static Ref inode() {
        return new Inode();
    }

    /** Orders refs by their names, so sorted sets of refs print as they always did. */
    @Override
    default int compareTo(Ref other) {
        return toString().compareTo(other.toString());
    }
}
