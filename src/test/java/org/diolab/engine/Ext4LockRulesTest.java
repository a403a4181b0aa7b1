package org.diolab.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.diolab.engine.model.Device;
import org.diolab.engine.model.Filesystem;
import org.diolab.engine.model.Inode;
import org.diolab.engine.model.LockMode;
import org.diolab.engine.model.Page;
import org.diolab.engine.model.Volume;
import org.diolab.engine.model.World;
import org.diolab.engine.op.Operation;
import org.diolab.engine.op.Policy;
import org.diolab.engine.step.Instr;
import org.junit.jupiter.api.Test;

/**
 * ext4's i_rwsem once DIO writes start with it shared (aa9714d0e397, bc6385dab125): an overwrite of allocated, aligned
 * blocks within i_size shares it with readers; a write that extends the file, is unaligned, or allocates takes it
 * exclusive. DIO reads hold it shared (ext4_dio_read_iter(), since 5.5).
 */
class Ext4LockRulesTest {
    /** One ext4 file of blocks 0, 1 and 3 (block 2 is a hole); block 3 ends it. */
    private static Scenario file(ActorSpec... actors) {
        Map<String, Device> devices = new LinkedHashMap<>();
        devices.put("nvme", Device.of("nvme", Map.of(0, "0000", 1, "1111", 3, "3333")));
        World w = World.of(
                Map.of("W", Page.user("W", "WWWW"), "R", Page.user("R", "....")),
                devices,
                new Volume("ext4", List.of("nvme")),
                new Inode(Filesystem.EXT4, false));
        return new Scenario("ext4-locks", w, List.of(actors));
    }

    private static ActorSpec writer(Operation.DioWrite w) {
        return new ActorSpec("w", "writer", List.of(w));
    }

    private static Instr.LockRequest request(Simulator sim, String actor) {
        return sim.program(actor).stream()
                .filter(Instr.LockRequest.class::isInstance)
                .map(Instr.LockRequest.class::cast)
                .findFirst()
                .orElseThrow();
    }

    private static Instr.LockRequest writeLock(Operation.DioWrite w) {
        return request(new Simulator(file(writer(w)), Policy.SHARED_LOCK_DIO_WRITES), "w");
    }

    @Test
    void anOverwriteOfAllocatedAlignedBlocksWithinTheFileTakesItShared() {
        Instr.LockRequest r = writeLock(new Operation.DioWrite("wr", List.of("W"), 1, false));
        assertThat(r.mode()).isEqualTo(LockMode.SHARED);
        assertThat(r.why()).contains("overwrite");
    }

    @Test
    void anExtendingWriteTakesItExclusive() {
        Instr.LockRequest past = writeLock(new Operation.DioWrite("wr", List.of("W"), 4, false));
        assertThat(past.mode()).isEqualTo(LockMode.EXCLUSIVE);
        assertThat(past.why()).contains("extends the file");
        // the last block, with the file ending inside it: said so explicitly
        Instr.LockRequest tail = writeLock(new Operation.DioWrite("wr", List.of("W"), 3, false, true, false));
        assertThat(tail.mode()).isEqualTo(LockMode.EXCLUSIVE);
        assertThat(tail.why()).contains("extends the file");
    }

    @Test
    void anUnalignedWriteAndAWriteIntoAHoleTakeItExclusive() {
        Instr.LockRequest unaligned = writeLock(new Operation.DioWrite("wr", List.of("W"), 0, false, null, true));
        assertThat(unaligned.mode()).isEqualTo(LockMode.EXCLUSIVE);
        assertThat(unaligned.why()).contains("unaligned");
        Instr.LockRequest hole = writeLock(new Operation.DioWrite("wr", List.of("W"), 2, false));
        assertThat(hole.mode()).isEqualTo(LockMode.EXCLUSIVE);
        assertThat(hole.why()).contains("block 2 is not allocated");
    }

    @Test
    void anExtendingWriteWaitsForAReaderHoldingTheLockSharedWhileAnOverwriteDoesNot() {
        ActorSpec reader =
                new ActorSpec("r", "reader", List.of(new Operation.DioRead("rd", List.of("R"), 0, "nvme", false)));
        for (int block : List.of(4, 1)) {
            Scenario s = file(reader, writer(new Operation.DioWrite("wr", List.of("W"), block, false)));
            Trace t = Scenarios.run(s, Policy.SHARED_LOCK_DIO_WRITES, "r:submit", "w:lock-request", "w");
            boolean waited = t.snapshots().stream()
                    .anyMatch(x -> x.event().kind() == EventKind.BLOCKED
                            && x.event().actor().equals("w")
                            && x.event().action().contains("i_rwsem"));
            assertThat(waited)
                    .as("the write to block %d waits for the reader", block)
                    .isEqualTo(block == 4);
            assertThat(t.violatedInvariants()).isEmpty();
        }
    }

    @Test
    void directReadsHoldItSharedUnderTheLaterFixAndUnder16c54688592c() {
        ActorSpec reader =
                new ActorSpec("r", "reader", List.of(new Operation.DioRead("rd", List.of("R"), 0, "nvme", false)));
        for (Policy p : List.of(Policy.SHARED_LOCK_DIO_WRITES, Policy.SHARED_LOCK_DIO_READS)) {
            assertThat(request(new Simulator(file(reader), p), "r").mode())
                    .as(p.id())
                    .isEqualTo(LockMode.SHARED);
        }
        // before the later fix every DIO write took it exclusive, overwrite or not
        Instr.LockRequest old = request(
                new Simulator(
                        file(writer(new Operation.DioWrite("wr", List.of("W"), 1, false))),
                        Policy.SHARED_LOCK_DIO_READS),
                "w");
        assertThat(old.mode()).isEqualTo(LockMode.EXCLUSIVE);
    }
}
