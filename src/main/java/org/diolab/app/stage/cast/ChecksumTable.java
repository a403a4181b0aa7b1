package org.diolab.app.stage.cast;

import java.util.SortedMap;
import org.diolab.engine.model.Sorted;
import org.diolab.engine.model.World;

/** What the checksum card shows: no checksums at all (nodatasum), or the table of CRC32C per file block. */
public record ChecksumTable(boolean nodatasum, SortedMap<Integer, Long> csums) {
    public ChecksumTable {
        csums = Sorted.copyOf(csums);
    }

    public static ChecksumTable of(World w) {
        return new ChecksumTable(w.inode().nodatasum(), w.csums());
    }
}
