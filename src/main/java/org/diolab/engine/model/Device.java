package org.diolab.engine.model;

import java.util.List;
import java.util.Objects;
import java.util.SortedMap;

/**
 * A block device (or one RAID1 leg): numbered blocks, each holding a few bytes, and a FIFO queue of submitted bios
 * that its DMA engine has yet to serve.
 *
 * @param stableWrites the device sets BLK_FEAT_STABLE_WRITES (it checks data after submission: protection
 *                     information, a data digest, ...), which a RAID1 on top inherits
 */
public record Device(String id, SortedMap<Integer, String> blocks, List<String> queue, boolean stableWrites) {
    public Device {
        Objects.requireNonNull(id, "id");
        blocks = Sorted.copyOf(blocks);
        queue = List.copyOf(queue);
    }

    /** An idle device whose blocks hold {@code blocks}. */
    public static Device of(String id, java.util.Map<Integer, String> blocks) {
        return new Device(id, Sorted.copyOf(blocks), List.of(), false);
    }

    public Device withStableWrites(boolean on) {
        return new Device(id, blocks, queue, on);
    }

    public String block(int n) {
        String b = blocks.get(n);
        if (b == null) {
            throw new IllegalArgumentException(
                    "device " + id + " has no block " + n + " (it has " + blocks.keySet() + ")");
        }
        return b;
    }

    public Device withBlock(int n, String bytes) {
        return new Device(id, Sorted.with(blocks, n, bytes), queue, stableWrites);
    }

    public Device enqueue(String bio) {
        return new Device(id, blocks, Sorted.append(queue, bio), stableWrites);
    }

    public Device dequeue() {
        return new Device(id, blocks, queue.subList(1, queue.size()), stableWrites);
    }
}
