package org.diolab.engine.model;

import java.util.List;
import java.util.Objects;
import java.util.SortedMap;

/**
 * A block device (or one RAID1 leg): numbered blocks, each holding a few bytes, and a FIFO queue of submitted bios
 * that its DMA engine has yet to serve.
 *
 * @param stableWrites   the device sets BLK_FEAT_STABLE_WRITES (it checks data after submission: protection
 *                       information, a data digest, ...), which a RAID1 on top inherits
 * @param corruptionErrs btrfs's per-device error counter ({@code btrfs device stats}: corruption_errs), counted up
 *                       each time a copy read from this device fails its checksum, whoever is to blame
 */
public record Device(
        String id, SortedMap<Integer, String> blocks, List<String> queue, boolean stableWrites, int corruptionErrs) {
    public Device {
        Objects.requireNonNull(id, "id");
        blocks = Sorted.copyOf(blocks);
        queue = List.copyOf(queue);
    }

    public Device(String id, SortedMap<Integer, String> blocks, List<String> queue, boolean stableWrites) {
        this(id, blocks, queue, stableWrites, 0);
    }

    /** An idle device whose blocks hold {@code blocks}. */
    public static Device of(String id, java.util.Map<Integer, String> blocks) {
        return new Device(id, Sorted.copyOf(blocks), List.of(), false, 0);
    }

    public Device withStableWrites(boolean on) {
        return new Device(id, blocks, queue, on, corruptionErrs);
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
        return new Device(id, Sorted.with(blocks, n, bytes), queue, stableWrites, corruptionErrs);
    }

    public Device enqueue(String bio) {
        return new Device(id, blocks, Sorted.append(queue, bio), stableWrites, corruptionErrs);
    }

    public Device dequeue() {
        return new Device(id, blocks, queue.subList(1, queue.size()), stableWrites, corruptionErrs);
    }

    /** One more checksum failure counted against this device. */
    public Device withCorruptionError() {
        return new Device(id, blocks, queue, stableWrites, corruptionErrs + 1);
    }
}
