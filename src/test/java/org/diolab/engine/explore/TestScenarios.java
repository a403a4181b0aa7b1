package org.diolab.engine.explore;

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
import org.diolab.lesson.Lesson;
import org.diolab.lesson.LessonLoader;

/** Scenarios for scheduler tests: small hand-built ones (fast to enumerate naively) and the bundled RAID1 lesson. */
final class TestScenarios {
    private TestScenarios() {}

    /** T1 writes B ('AAAA') with O_DIRECT to a two-leg RAID1 while T2 stores 'BBBB' into B. */
    static Scenario writeWithStore(boolean nodatasum) {
        World w = World.of(
                Map.of("B", Page.user("B", "AAAA")),
                Map.of("leg0", Device.of("leg0", Map.of(0, "0000")), "leg1", Device.of("leg1", Map.of(0, "0000"))),
                new Volume("raid1", List.of("leg0", "leg1")),
                new Inode(nodatasum));
        return new Scenario(
                nodatasum ? "write+store" : "write+store (checksummed)",
                w,
                List.of(
                        new ActorSpec("app", "writer", List.of(new Operation.DioWrite("w1", List.of("B"), 0, false))),
                        new ActorSpec("app2", "mutator", List.of(new Operation.Store("B", "BBBB")))));
    }

    static Lesson raid1Lesson() {
        return LessonLoader.loadBundled().find("raid1-mirrors-diverge").orElseThrow();
    }
}
