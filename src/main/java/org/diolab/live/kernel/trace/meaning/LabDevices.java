package org.diolab.live.kernel.trace.meaning;

import java.util.LinkedHashMap;
import java.util.Map;
import org.diolab.live.kernel.trace.text.DevNum;

/**
 * The devices that are the lab's, by number, with what they are: loop devices ({@code 7:0 → "loop0: leg 0"}), on
 * which the block events happen, and the filesystems on them ({@code 0:40 → "btrfs on loop0"}: the superblock's
 * device, which iomap and filemap events carry; for btrfs it is mountinfo's major:minor, not a file's st_dev).
 */
public record LabDevices(Map<DevNum, String> blockDevices, Map<DevNum, String> filesystems) {
    public static final LabDevices NONE = new LabDevices(Map.of(), Map.of());

    public LabDevices {
        blockDevices = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(blockDevices));
        filesystems = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(filesystems));
    }

    public boolean isBlockDevice(DevNum d) {
        return blockDevices.containsKey(d);
    }

    /** "loop0: leg 0", or the number when it is not one of the lab's. */
    public String label(DevNum d) {
        return blockDevices.getOrDefault(d, filesystems.getOrDefault(d, "device " + d));
    }
}
