package org.diolab.engine.model;

import java.util.List;

/**
 * What the file system writes to: a RAID1 of one or more legs. With one leg it is a plain disk. Writes are cloned to
 * every leg; a read is served by a single leg, chosen by the read policy ("depending on the load balance", S003).
 */
public record Volume(String id, List<String> legs) {
    public Volume {
        legs = List.copyOf(legs);
        if (legs.isEmpty()) {
            throw new IllegalArgumentException("a volume needs at least one leg");
        }
    }

    public boolean mirrored() {
        return legs.size() > 1;
    }
}
