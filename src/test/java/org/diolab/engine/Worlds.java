package org.diolab.engine;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.diolab.engine.model.Device;
import org.diolab.engine.model.Inode;
import org.diolab.engine.model.Page;
import org.diolab.engine.model.Volume;
import org.diolab.engine.model.World;

/** Small worlds for engine tests: a two-leg RAID1 with block 0 = "0000" and user pages of the given bytes. */
final class Worlds {
    private Worlds() {}

    static World raid1(boolean nodatasum, String... pageIdBytes) {
        Map<String, Page> pages = new LinkedHashMap<>();
        for (int i = 0; i < pageIdBytes.length; i += 2) {
            pages.put(pageIdBytes[i], Page.user(pageIdBytes[i], pageIdBytes[i + 1]));
        }
        Map<String, Device> devices = new LinkedHashMap<>();
        for (String leg : List.of("leg0", "leg1")) {
            devices.put(leg, Device.of(leg, Map.of(0, "0000", 1, "0000")));
        }
        return World.of(pages, devices, new Volume("raid1", List.of("leg0", "leg1")), new Inode(nodatasum));
    }
}
