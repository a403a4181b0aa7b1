package org.diolab.engine.explore;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Names of the things steps touch, numbered for bit sets. A name says which part of the world it is, at the grain
 * that lets unrelated steps commute: a page's bytes, its pins, its folio flags and its life (allocation, freeing) are
 * four resources, so a pin and a DMA of the same page do not conflict while a store and a DMA do.
 */
final class Resources {
    static final String VOLUME = "volume";
    /**
     * i_rwsem as three resources, so that lock steps of different threads commute where the lock lets them: the head
     * of its wait queue (which an acquire takes), its tail (where a request queues) and its holders (which an acquire
     * joins and an unlock leaves).
     */
    static final String LOCK_HEAD = "inode:i_rwsem/head";

    static final String LOCK_TAIL = "inode:i_rwsem/tail";
    static final String LOCK_HOLDERS = "inode:i_rwsem/holders";
    /** i_dio_count: begins and ends only add to it, and nothing waits on it here. */
    static final String DIO_COUNT = "inode:i_dio_count";

    static final String INODE_FLAGS = "inode:flags";
    static final String INCIDENTS = "incidents";
    static final String RESULTS = "results";

    private final Map<String, Integer> ids = new HashMap<>();
    private final List<String> names = new ArrayList<>();

    static String pageData(String page) {
        return "page:" + page + "/data";
    }

    static String pagePins(String page) {
        return "page:" + page + "/pins";
    }

    static String pageFlags(String page) {
        return "page:" + page + "/flags";
    }

    static String pageLife(String page) {
        return "page:" + page + "/life";
    }

    static String bio(String bio) {
        return "bio:" + bio;
    }

    /**
     * The head of a device's queue, which its DMA consumes. A DMA and a submission to the same device commute (the DMA
     * takes the head, the submission appends), so the queue's two ends are two resources; two submissions do not.
     */
    static String queueHead(String device) {
        return "queue:" + device + "/head";
    }

    static String queueTail(String device) {
        return "queue:" + device + "/tail";
    }

    static String block(String device, int block) {
        return "block:" + device + "/" + block;
    }

    /** A device's error counters (btrfs device stats): steps only count them up, which commutes. */
    static String devStats(String device) {
        return "stats:" + device;
    }

    static String csum(int block) {
        return "csum:" + block;
    }

    static String history(int block) {
        return "history:" + block;
    }

    static String mark(String mark) {
        return "mark:" + mark;
    }

    static String work(String work) {
        return "work:" + work;
    }

    int id(String name) {
        Integer known = ids.putIfAbsent(name, names.size());
        if (known != null) {
            return known;
        }
        names.add(name);
        return names.size() - 1;
    }

    String name(int id) {
        return names.get(id);
    }

    int size() {
        return names.size();
    }

    Builder builder() {
        return new Builder();
    }

    /** Collects reads and writes by name. */
    final class Builder {
        private long[] reads = new long[4];
        private long[] writes = new long[4];
        private long[] adds = new long[4];
        private boolean any;

        Builder read(String name) {
            reads = set(reads, id(name));
            return this;
        }

        Builder write(String name) {
            writes = set(writes, id(name));
            return this;
        }

        /** Adds to a set or a log: commutes with other additions, not with reading it. */
        Builder add(String name) {
            adds = set(adds, id(name));
            return this;
        }

        /** Reads and writes: what changing a part of an object, keeping the rest, amounts to. */
        Builder update(String name) {
            return read(name).write(name);
        }

        Builder reads(Iterable<String> names) {
            names.forEach(this::read);
            return this;
        }

        Builder updates(Iterable<String> names) {
            names.forEach(this::update);
            return this;
        }

        Builder anything() {
            any = true;
            return this;
        }

        Builder include(Footprint f) {
            if (f.any()) {
                any = true;
            } else {
                reads = or(reads, f.reads());
                writes = or(writes, f.writes());
                adds = or(adds, f.adds());
            }
            return this;
        }

        Footprint build() {
            return any ? Footprint.ANY : new Footprint(reads.clone(), writes.clone(), adds.clone(), false);
        }

        private long[] set(long[] bits, int id) {
            if (id / 64 >= bits.length) {
                bits = java.util.Arrays.copyOf(bits, Math.max(bits.length * 2, id / 64 + 1));
            }
            bits[id / 64] |= 1L << (id % 64);
            return bits;
        }

        private long[] or(long[] a, long[] b) {
            long[] out = java.util.Arrays.copyOf(a, Math.max(a.length, b.length));
            for (int i = 0; i < b.length; i++) {
                out[i] |= b[i];
            }
            return out;
        }
    }
}
