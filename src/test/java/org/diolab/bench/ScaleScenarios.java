package org.diolab.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.diolab.engine.ActorSpec;
import org.diolab.engine.Scenario;
import org.diolab.engine.model.Device;
import org.diolab.engine.model.Inode;
import org.diolab.engine.model.Page;
import org.diolab.engine.model.Volume;
import org.diolab.engine.model.World;
import org.diolab.engine.op.Operation;

/**
 * The RAID1 lesson's race grown along three axes, for measuring how the explorer scales: T1 writes {@code pages}
 * pages of B with O_DIRECT to a RAID1 of {@code legs} legs while T2 stores into B's first page, and {@code readers}
 * threads each read the same blocks back into their own pages, reader i from leg i mod legs. With two readers, two
 * legs and one page it is the raid1-mirrors-diverge lesson; four readers make the six-actor scenario of issue 13.
 */
public final class ScaleScenarios {
    private ScaleScenarios() {}

    public static Scenario raid1(int readers, int legs, int pages, boolean nodatasum) {
        if (readers < 0 || legs < 1 || pages < 1) {
            throw new IllegalArgumentException("readers >= 0, legs >= 1, pages >= 1");
        }
        Map<Integer, String> blocks = new LinkedHashMap<>();
        for (int b = 0; b < pages; b++) {
            blocks.put(b, "0000");
        }
        Map<String, Device> devices = new LinkedHashMap<>();
        List<String> legIds = new ArrayList<>();
        for (int l = 0; l < legs; l++) {
            legIds.add("leg" + l);
            devices.put("leg" + l, Device.of("leg" + l, blocks));
        }
        Map<String, Page> userPages = new LinkedHashMap<>();
        List<String> written = new ArrayList<>();
        for (int p = 0; p < pages; p++) {
            written.add("B" + p);
            userPages.put("B" + p, Page.user("B" + p, "AAAA"));
        }
        List<ActorSpec> actors = new ArrayList<>();
        actors.add(new ActorSpec("app", "writer", List.of(new Operation.DioWrite("w1", written, 0, false))));
        actors.add(new ActorSpec("app2", "mutator", List.of(new Operation.Store("B0", "BBBB"))));
        for (int r = 0; r < readers; r++) {
            List<String> into = new ArrayList<>();
            for (int p = 0; p < pages; p++) {
                into.add("R" + r + "." + p);
                userPages.put("R" + r + "." + p, Page.user("R" + r + "." + p, "...."));
            }
            actors.add(new ActorSpec(
                    "reader" + r,
                    "reader " + r,
                    List.of(new Operation.DioRead("r" + r, into, 0, legIds.get(r % legs), false))));
        }
        World w = World.of(userPages, devices, new Volume("raid1", legIds), new Inode(nodatasum));
        return new Scenario("raid1 x" + readers + " readers, " + legs + " legs, " + pages + " pages", w, actors);
    }
}
