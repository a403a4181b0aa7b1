package org.diolab.engine.model;

import java.util.Objects;
import java.util.SortedMap;

/**
 * Everything the simulated kernel and hardware hold at one instant. Immutable: every step yields a new World, so a
 * trace can keep every instant and stepping back is just picking an earlier one.
 *
 * @param csums the checksum table: CRC32C of each block's data as computed at write time
 */
public record World(SortedMap<String, Page> pages,
                    SortedMap<String, Bio> bios,
                    SortedMap<String, Device> devices,
                    Volume volume,
                    Inode inode,
                    SortedMap<Integer, Long> csums) {
    public World {
        pages = Sorted.copyOf(pages);
        bios = Sorted.copyOf(bios);
        devices = Sorted.copyOf(devices);
        Objects.requireNonNull(volume, "volume");
        Objects.requireNonNull(inode, "inode");
        csums = Sorted.copyOf(csums);
        for (String leg : volume.legs()) {
            if (!devices.containsKey(leg)) {
                throw new IllegalArgumentException("volume leg " + leg + " is not a device");
            }
        }
    }

    /** A fresh world: no bios in flight, an empty checksum table. */
    public static World of(java.util.Map<String, Page> pages, java.util.Map<String, Device> devices, Volume volume,
                           Inode inode) {
        return new World(Sorted.copyOf(pages), new java.util.TreeMap<>(), Sorted.copyOf(devices), volume, inode,
                new java.util.TreeMap<>());
    }

    public Page page(String id) {
        Page p = pages.get(id);
        if (p == null) {
            throw new IllegalArgumentException("no page " + id + " (pages: " + pages.keySet() + ")");
        }
        return p;
    }

    public Bio bio(String id) {
        Bio b = bios.get(id);
        if (b == null) {
            throw new IllegalArgumentException("no bio " + id);
        }
        return b;
    }

    public Device device(String id) {
        Device d = devices.get(id);
        if (d == null) {
            throw new IllegalArgumentException("no device " + id);
        }
        return d;
    }

    public World withPage(Page p) {
        return new World(Sorted.with(pages, p.id(), p), bios, devices, volume, inode, csums);
    }

    public World withBio(Bio b) {
        return new World(pages, Sorted.with(bios, b.id(), b), devices, volume, inode, csums);
    }

    public World withDevice(Device d) {
        return new World(pages, bios, Sorted.with(devices, d.id(), d), volume, inode, csums);
    }

    public World withCsum(int block, long crc) {
        return new World(pages, bios, devices, volume, inode, Sorted.with(csums, block, crc));
    }

    /** True while any write that covers {@code block} has not completed on every leg. */
    public boolean writeInFlight(int block) {
        return bios.values().stream().anyMatch(b -> b.writesInFlight(block));
    }
}
