package org.diolab.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.diolab.engine.model.Device;
import org.diolab.engine.model.Filesystem;
import org.diolab.engine.model.Inode;
import org.diolab.engine.model.IoResult;
import org.diolab.engine.model.Page;
import org.diolab.engine.model.Volume;
import org.diolab.engine.model.World;
import org.diolab.engine.op.Operation;
import org.diolab.engine.op.Policy;
import org.junit.jupiter.api.Test;

/**
 * btrfs read repair on a mirror (fs/btrfs/bio.c): a read whose copy fails its checksum reads the next mirror into the
 * same pages, verifies it, returns it, and rewrites the bad copy; the failure is logged and counted against the leg
 * that delivered it. A read fails only when no copy verifies: while one good copy exists it succeeds
 * ({@code no-eio-with-a-good-copy}).
 */
class ReadRepairTest {
    /** A btrfs RAID1 whose block 0 was written as '0000' and checksummed; then the given legs' copies went bad. */
    private static World raid1(boolean nodatasum, String leg0, String leg1) {
        Map<String, Device> devices = new LinkedHashMap<>();
        devices.put("leg0", Device.of("leg0", Map.of(0, "0000")));
        devices.put("leg1", Device.of("leg1", Map.of(0, "0000")));
        World w = World.of(
                Map.of("R", Page.user("R", "...."), "S", Page.user("S", "....")),
                devices,
                new Volume("raid1", List.of("leg0", "leg1")),
                new Inode(Filesystem.BTRFS, nodatasum));
        return w.withDevice(w.device("leg0").withBlock(0, leg0))
                .withDevice(w.device("leg1").withBlock(0, leg1));
    }

    private static Scenario reading(World w, String leg, ActorSpec... more) {
        List<ActorSpec> actors = new java.util.ArrayList<>();
        actors.add(new ActorSpec("r", "reader", List.of(Scenarios.read("r1", "R", 0, leg))));
        actors.addAll(List.of(more));
        return new Scenario("read-repair", w, actors);
    }

    private static List<String> actions(Trace t) {
        return t.snapshots().stream().map(s -> s.event().action()).toList();
    }

    @Test
    void aChecksummedReadServedByTheBadLegReturnsTheGoodCopyAndRepairsTheBadOne() {
        Trace t = Scenarios.run(reading(raid1(false, "XXXX", "0000"), "leg0"), Policy.ZERO_COPY);
        World end = t.last().state().world();
        assertThat(end.results()).contains(new IoResult("r", "r1", "ok", "R = '0000'"));
        assertThat(end.device("leg0").block(0))
                .as("the bad copy rewritten from leg1")
                .isEqualTo("0000");
        assertThat(end.device("leg0").corruptionErrs()).isEqualTo(1);
        assertThat(end.device("leg1").corruptionErrs()).isZero();
        assertThat(actions(t))
                .anyMatch(a -> a.contains("MISMATCH") && a.contains("csum failed ... mirror 1") && a.contains("next"))
                .anyMatch(a -> a.contains("r1.m1") && a.contains("leg1"))
                .anyMatch(a -> a.contains("read error corrected") && a.contains("dev leg0"));
        assertThat(t.last().violations())
                .as("repaired: every copy matches its checksum again")
                .isEmpty();
        assertThat(t.violatedInvariants()).doesNotContain("no-eio-with-a-good-copy", "no-false-checksum-error");
    }

    @Test
    void aReadServedByTheGoodLegRepairsNothingAndScrubRepairsTheRest() {
        ActorSpec admin = new ActorSpec("admin", "scrub", List.of(new Operation.ReadVerify(0)));
        Trace t = Scenarios.run(
                reading(raid1(false, "XXXX", "0000"), "leg1", admin), Policy.ZERO_COPY, "r:submit", "leg1", "r:return");
        assertThat(t.snapshots().get(t.size() - 2).violations())
                .as("before the scrub, leg0's copy still fails its checksum")
                .anyMatch(v -> v.invariant().equals("checksum-matches"));
        World end = t.last().state().world();
        assertThat(end.results()).contains(new IoResult("r", "r1", "ok", "R = '0000'"));
        assertThat(end.results()).anyMatch(r -> r.outcome().equals("csum errors on leg0, repaired"));
        assertThat(end.device("leg0").block(0)).isEqualTo("0000");
        assertThat(t.last().violations()).isEmpty();
    }

    @Test
    void withNoGoodCopyLeftTheReadFailsAndNoGoodCopyWasRefused() {
        Trace t = Scenarios.run(reading(raid1(false, "XXXX", "YYYY"), "leg0"), Policy.ZERO_COPY);
        World end = t.last().state().world();
        assertThat(end.results()).contains(new IoResult("r", "r1", "EIO", "checksum verification failed"));
        assertThat(end.device("leg0").corruptionErrs()).isEqualTo(1);
        assertThat(end.device("leg1").corruptionErrs()).isEqualTo(1);
        assertThat(actions(t)).anyMatch(a -> a.contains("no mirror is left"));
        assertThat(t.violatedInvariants()).doesNotContain("no-eio-with-a-good-copy");
    }

    @Test
    void aNodatasumMirrorHasNothingToRepairWithAndEachLegReturnsItsOwnVersion() {
        Map<String, Device> devices = new LinkedHashMap<>();
        devices.put("leg0", Device.of("leg0", Map.of(0, "AAAA")));
        devices.put("leg1", Device.of("leg1", Map.of(0, "BBBB")));
        World w = World.of(
                Map.of("R", Page.user("R", "...."), "S", Page.user("S", "....")),
                devices,
                new Volume("raid1", List.of("leg0", "leg1")),
                new Inode(Filesystem.BTRFS, true));
        ActorSpec other = new ActorSpec("r2", "reader", List.of(Scenarios.read("r2", "S", 0, "leg1")));
        Trace t = Scenarios.run(reading(w, "leg0", other), Policy.ZERO_COPY);
        World end = t.last().state().world();
        assertThat(end.results())
                .contains(new IoResult("r", "r1", "ok", "R = 'AAAA'"), new IoResult("r2", "r2", "ok", "S = 'BBBB'"));
        assertThat(end.device("leg0").corruptionErrs()).isZero();
        assertThat(t.violatedInvariants()).containsExactly("mirrors-agree");
    }

    @Test
    void onRaid5TheOnlyOtherWayToTheBlockIsTheParityAndAStaleOneCannotRepairIt() {
        org.diolab.lesson.Lesson l = org.diolab.lesson.LessonLoader.loadBundled()
                .find("raid56-parity-rebuild")
                .orElseThrow();
        for (Policy p : List.of(Policy.ZERO_COPY, Policy.PROFILE_FALLBACK)) {
            World end = l.play(p).last().state().world();
            IoResult rebuild = end.results().stream()
                    .filter(r -> r.op().equals("rebuild block 0"))
                    .findFirst()
                    .orElseThrow();
            assertThat(rebuild.outcome()).as(p.id()).isEqualTo(p == Policy.ZERO_COPY ? "EIO" : "ok");
        }
    }

    @Test
    void aBufferChangedUnderEveryAttemptDefeatsRepairAndTheReadFailsBesideTwoGoodCopies() {
        ActorSpec scribbler =
                new ActorSpec("s", "scribbler", List.of(Scenarios.store("R", "ZZZZ"), Scenarios.store("R", "WWWW")));
        Trace t = Scenarios.run(
                reading(raid1(false, "0000", "0000"), "leg0", scribbler),
                Policy.ZERO_COPY,
                "r:submit",
                "leg0",
                "s",
                "r:submit",
                "leg1",
                "s");
        World end = t.last().state().world();
        assertThat(end.results()).contains(new IoResult("r", "r1", "EIO", "checksum verification failed"));
        assertThat(end.device("leg0").corruptionErrs()).isEqualTo(1);
        assertThat(end.device("leg1").corruptionErrs()).isEqualTo(1);
        assertThat(t.violatedInvariants()).contains("no-false-checksum-error", "no-eio-with-a-good-copy");
    }
}
