package org.diolab.engine;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.diolab.engine.model.Device;
import org.diolab.engine.model.Filesystem;
import org.diolab.engine.model.Inode;
import org.diolab.engine.model.Page;
import org.diolab.engine.model.Volume;
import org.diolab.engine.model.World;
import org.diolab.engine.op.Operation;
import org.diolab.engine.op.Policy;

/** A small builder for engine test scenarios: legs with blocks 0 and 1, user pages, actors with operations. */
final class Scenarios {
    private final Map<String, Page> pages = new LinkedHashMap<>();
    private final List<ActorSpec> actors = new ArrayList<>();
    private final List<String> legs;
    private boolean nodatasum;
    private boolean stableLegs;
    private Filesystem fs = Filesystem.GENERIC;

    private Scenarios(List<String> legs) {
        this.legs = legs;
    }

    static Scenarios raid1() {
        return new Scenarios(List.of("leg0", "leg1"));
    }

    static Scenarios disk() {
        return new Scenarios(List.of("disk"));
    }

    Scenarios nodatasum() {
        nodatasum = true;
        return this;
    }

    Scenarios fs(Filesystem f) {
        fs = f;
        return this;
    }

    Scenarios stableLegs() {
        stableLegs = true;
        return this;
    }

    Scenarios page(String id, String bytes) {
        pages.put(id, Page.user(id, bytes));
        return this;
    }

    Scenarios actor(String id, Operation... ops) {
        actors.add(new ActorSpec(id, id, List.of(ops)));
        return this;
    }

    Scenario build() {
        Map<String, Device> devices = new LinkedHashMap<>();
        for (String leg : legs) {
            devices.put(leg, Device.of(leg, Map.of(0, "0000", 1, "1111")).withStableWrites(stableLegs));
        }
        World w = World.of(pages, devices, new Volume("vol", legs, stableLegs), new Inode(fs, nodatasum));
        return new Scenario("test", w, actors);
    }

    /** Runs the scenario under {@code policy} with a script of "actor" or "actor:label" entries. */
    static Trace run(Scenario s, Policy policy, String... script) {
        List<ScheduleEntry> entries = new ArrayList<>();
        for (String e : script) {
            int colon = e.indexOf(':');
            entries.add(
                    colon < 0
                            ? ScheduleEntry.oneStep(e)
                            : new ScheduleEntry(e.substring(0, colon), e.substring(colon + 1)));
        }
        return ScriptedRunner.run(new Simulator(s, policy), entries, NarrationBook.empty());
    }

    /** The first step at which an actor blocks; fails when none does. */
    static Snapshot firstBlock(Trace t) {
        return t.snapshots().stream()
                .filter(s -> s.event().kind() == EventKind.BLOCKED)
                .findFirst()
                .orElseThrow(() -> new AssertionError("no actor blocks in " + t.scenario() + " under "
                        + t.policy().id()));
    }

    static Operation.DioWrite write(String bio, String page, int block) {
        return new Operation.DioWrite(bio, List.of(page), block, false);
    }

    static Operation.DioRead read(String bio, String page, int block, String leg) {
        return new Operation.DioRead(bio, List.of(page), block, leg, false);
    }

    static Operation.Store store(String page, String bytes) {
        return new Operation.Store(page, bytes);
    }
}
