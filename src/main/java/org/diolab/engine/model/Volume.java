package org.diolab.engine.model;

import java.util.List;
import java.util.Objects;

/**
 * What the file system writes to. A {@link Layout#MIRROR} of one or more legs (one leg: a plain disk): writes are
 * cloned to every leg, a read is served by a single leg, chosen by the read policy ("depending on the load balance",
 * S003). Or a {@link Layout#PARITY} array (RAID5): data legs in turn, then one parity leg holding, per stripe, the
 * parity of the stripe's data blocks.
 *
 * @param stableWrites BLK_FEAT_STABLE_WRITES as the file's mapping sees it: set by devices with protection
 *                     information (and a few others) and inherited through stacking; md-raid1 does not set it
 */
public record Volume(String id, List<String> legs, boolean stableWrites, Layout layout) {
    /** How blocks are laid out on the legs. */
    public enum Layout {
        /** RAID1 (or a single disk): every leg holds every block. */
        MIRROR,
        /** RAID5: block b on data leg b mod n (stripe b / n); the last leg holds each stripe's parity. */
        PARITY
    }

    public Volume {
        legs = List.copyOf(legs);
        Objects.requireNonNull(layout, "layout");
        if (legs.isEmpty()) {
            throw new IllegalArgumentException("a volume needs at least one leg");
        }
        if (layout == Layout.PARITY && legs.size() < 3) {
            throw new IllegalArgumentException("a parity volume needs at least two data legs and a parity leg");
        }
    }

    public Volume(String id, List<String> legs, boolean stableWrites) {
        this(id, legs, stableWrites, Layout.MIRROR);
    }

    public Volume(String id, List<String> legs) {
        this(id, legs, false);
    }

    public Volume withStableWrites(boolean on) {
        return new Volume(id, legs, on, layout);
    }

    /** Two or more legs holding the same blocks. */
    public boolean mirrored() {
        return layout == Layout.MIRROR && legs.size() > 1;
    }

    /** The data profile keeps more than one way to get a block back: mirrors or parity (7c2830f00c3e's test). */
    public boolean redundant() {
        return legs.size() > 1;
    }

    /** The legs that hold data blocks (all of them, unless there is a parity leg). */
    public List<String> dataLegs() {
        return layout == Layout.PARITY ? legs.subList(0, legs.size() - 1) : legs;
    }

    /** The parity leg; only a {@link Layout#PARITY} volume has one. */
    public String parityLeg() {
        if (layout != Layout.PARITY) {
            throw new IllegalStateException(id + " is not a parity volume: it has no parity leg");
        }
        return legs.getLast();
    }

    public boolean isParityLeg(String device) {
        return layout == Layout.PARITY && device.equals(legs.getLast());
    }

    /** The legs that store file block {@code block}: every leg of a mirror, one data leg of a parity array. */
    public List<String> legsHolding(int block) {
        return layout == Layout.PARITY
                ? List.of(dataLegs().get(Math.floorMod(block, dataLegs().size())))
                : legs;
    }

    /** The parity stripe {@code block} belongs to (0 for a mirror, which has none). */
    public int stripeOf(int block) {
        return layout == Layout.PARITY ? Math.floorDiv(block, dataLegs().size()) : 0;
    }

    /** The file blocks of parity stripe {@code stripe}, in data-leg order. */
    public List<Integer> stripeBlocks(int stripe) {
        int n = dataLegs().size();
        return java.util.stream.IntStream.range(stripe * n, stripe * n + n)
                .boxed()
                .toList();
    }
}
