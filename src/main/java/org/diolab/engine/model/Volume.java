package org.diolab.engine.model;

import java.util.List;

/**
 * What the file system writes to: a RAID1 of one or more legs. With one leg it is a plain disk. Writes are cloned to
 * every leg; a read is served by a single leg, chosen by the read policy ("depending on the load balance", S003).
 *
 * @param stableWrites BLK_FEAT_STABLE_WRITES as the file's mapping sees it: set by devices with protection
 *                     information (and a few others) and inherited through stacking; md-raid1 does not set it
 */
public record Volume(String id, List<String> legs, boolean stableWrites) {
    public Volume {
        legs = List.copyOf(legs);
        if (legs.isEmpty()) {
            throw new IllegalArgumentException("a volume needs at least one leg");
        }
    }

    public Volume(String id, List<String> legs) {
        this(id, legs, false);
    }

    public boolean mirrored() {
        return legs.size() > 1;
    }
}
