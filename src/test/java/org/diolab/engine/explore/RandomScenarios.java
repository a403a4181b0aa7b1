package org.diolab.engine.explore;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.diolab.engine.ActorSpec;
import org.diolab.engine.Scenario;
import org.diolab.engine.model.Device;
import org.diolab.engine.model.Inode;
import org.diolab.engine.model.Page;
import org.diolab.engine.model.Volume;
import org.diolab.engine.model.World;
import org.diolab.engine.op.Operation;
import org.diolab.engine.op.Policy;

/**
 * Small scenarios drawn from a seed, over every kind of operation, for checking the explorer's reduction against the
 * full search: one or two legs, one or two blocks, two or three threads of one or two operations each, touching
 * shared pages and blocks, so that they race; a quarter of the two-thread ones cross two direct I/Os over the same
 * two pages (A,B against B,A), so that exclusive pins deadlock. Small enough to explore without reduction in a few
 * milliseconds, and within the equivalence test's budget of 60,000 states (the largest of 1,500 seeds: 5,896).
 */
final class RandomScenarios {
    private static final List<String> BYTES = List.of("AAAA", "BBBB", "CCCC");

    private RandomScenarios() {}

    static Scenario of(long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        int legCount = 1 + r.nextInt(2);
        int blockCount = 1 + r.nextInt(2);
        Map<Integer, String> blocks = new LinkedHashMap<>();
        for (int b = 0; b < blockCount; b++) {
            blocks.put(b, b + "" + b + b + b);
        }
        Map<String, Device> devices = new LinkedHashMap<>();
        List<String> legs = new ArrayList<>();
        for (int l = 0; l < legCount; l++) {
            legs.add("leg" + l);
            devices.put("leg" + l, Device.of("leg" + l, blocks));
        }
        Map<String, Page> pages = new LinkedHashMap<>();
        int pageCount = 2 + r.nextInt(2);
        for (int p = 0; p < pageCount; p++) {
            pages.put("P" + p, Page.user("P" + p, BYTES.get(r.nextInt(BYTES.size()))));
        }
        List<ActorSpec> threads = new ArrayList<>();
        int threadCount = 2 + r.nextInt(2);
        // half the two-block scenarios start with two direct I/Os over the same two pages in opposite orders (A,B
        // against B,A): what deadlocks under exclusive pins, and otherwise rare in random draws
        boolean crossed = blockCount == 2 && threadCount == 2 && r.nextBoolean();
        int bio = 0;
        for (int t = 0; t < threadCount; t++) {
            List<Operation> ops = new ArrayList<>();
            int opCount = threadCount == 3 ? 1 : 1 + r.nextInt(2);
            for (int o = 0; o < opCount; o++) {
                String id = "b" + bio++;
                ops.add(
                        crossed && o == 0 && t < 2
                                ? crossedIo(r, id, t == 0 ? List.of("P0", "P1") : List.of("P1", "P0"), legs)
                                : operation(r, id, pageCount, blockCount, legs));
            }
            threads.add(new ActorSpec("t" + t, "thread " + t, ops));
        }
        World w = World.of(pages, devices, new Volume("vol", legs), new Inode(r.nextBoolean()));
        return new Scenario("random " + seed, w, threads);
    }

    /** Any policy; exclusive pins a quarter of the time, since they are what deadlocks (A,B against B,A). */
    static Policy policy(long seed) {
        Policy[] all = Policy.values();
        SplittableRandom r = new SplittableRandom(seed ^ 0x5DEECE66DL);
        return r.nextInt(4) == 0 ? Policy.EXCLUSIVE_PIN : all[r.nextInt(all.length)];
    }

    /** A direct write or read of the two blocks from or into {@code pages}, in that order. */
    private static Operation crossedIo(SplittableRandom r, String bio, List<String> pages, List<String> legs) {
        return r.nextBoolean()
                ? new Operation.DioWrite(bio, pages, 0, false)
                : new Operation.DioRead(bio, pages, 0, legs.get(r.nextInt(legs.size())), false);
    }

    private static Operation operation(SplittableRandom r, String bio, int pages, int blocks, List<String> legs) {
        String page = "P" + r.nextInt(pages);
        int block = r.nextInt(blocks);
        String bytes = BYTES.get(r.nextInt(BYTES.size()));
        // a direct I/O of two pages (in either order: A,B against B,A deadlocks under exclusive pins) covers two blocks
        List<String> io = blocks == 2 && r.nextInt(3) == 0
                ? (r.nextBoolean() ? List.of("P0", "P1") : List.of("P1", "P0"))
                : List.of(page);
        int from = io.size() == 2 ? 0 : block;
        return switch (r.nextInt(10)) {
            case 0, 1, 2 -> new Operation.DioWrite(bio, io, from, r.nextInt(4) == 0);
            case 3, 4 -> new Operation.DioRead(bio, io, from, legs.get(r.nextInt(legs.size())), r.nextInt(4) == 0);
            case 5 -> new Operation.Store(page, bytes);
            case 6 -> new Operation.BufferedWrite(List.of(page), block);
            case 7 -> new Operation.MmapStore(block, bytes);
            case 8 -> new Operation.Writeback(bio, block, 1);
            default -> r.nextBoolean() ? new Operation.CompareMirrors(block) : new Operation.ReadVerify(block);
        };
    }
}
