package org.diolab.engine.explore;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;
import org.diolab.engine.Simulator;
import org.diolab.engine.model.BioOp;
import org.diolab.engine.model.World;
import org.diolab.engine.step.Instr;
import org.diolab.engine.step.WorkerSteps;

/**
 * What the footprints need to know about a compiled scenario beyond one instruction: the legs, every bio any program
 * may build (by id: the same id can be built on two paths, say direct or through a bounce buffer), every block any
 * device may hold, whether any pin write-protects its pages (if none does, a page is never write-protected, so stores
 * never wait on pins and unpinning is a plain decrement), whether the file keeps data checksums, the threads, and
 * whether the scenario uses what the footprints do not describe ({@code unmodelled}: a RAID5 volume, whose parity
 * clones and rebuilds reach legs no bio of a thread names; a swap device, written by pageout; md's bitmap and resync),
 * in which case every step is taken to touch everything: the search is then not reduced, and stays exact.
 */
record ScenarioFacts(
        List<String> legs,
        Map<String, List<Instr.BuildBio>> builds,
        SortedSet<Integer> blocks,
        boolean writeProtects,
        boolean checksummed,
        List<String> threads,
        boolean unmodelled) {
    static ScenarioFacts of(Simulator sim) {
        World w = sim.initial().world();
        Map<String, List<Instr.BuildBio>> builds = new LinkedHashMap<>();
        SortedSet<Integer> blocks = new TreeSet<>();
        boolean writeProtects = false;
        List<String> threads = new ArrayList<>();
        boolean unmodelled = w.volume().layout() == org.diolab.engine.model.Volume.Layout.PARITY;
        w.devices().values().forEach(d -> blocks.addAll(d.blocks().keySet()));
        for (String actor : sim.actors()) {
            if (sim.isDevice(actor)) {
                unmodelled |=
                        !actor.equals(WorkerSteps.KWORKER) && !w.volume().legs().contains(actor);
                continue;
            }
            threads.add(actor);
            for (Instr i : sim.program(actor)) {
                Instr inner = unwrap(i);
                unmodelled |= unmodelled(inner);
                writeProtects |= inner instanceof Instr.Pin p && p.writeProtect();
                if (inner instanceof Instr.BuildBio b) {
                    builds.computeIfAbsent(b.bio(), k -> new ArrayList<>()).add(b);
                    for (int k = 0; k < b.pages().size(); k++) {
                        blocks.add(b.block() + k);
                    }
                }
            }
        }
        return new ScenarioFacts(
                List.copyOf(w.volume().legs()),
                builds,
                blocks,
                writeProtects,
                !w.inode().nodatasum(),
                List.copyOf(threads),
                unmodelled);
    }

    /** The steps of parity, md's bitmap and swap: InstrFootprints has no description of them. */
    private static boolean unmodelled(Instr i) {
        return switch (i) {
            case Instr.ComputeParity x -> true;
            case Instr.Rebuild x -> true;
            case Instr.BitmapSet x -> true;
            case Instr.BitmapClear x -> true;
            case Instr.Resync x -> true;
            case Instr.PageOut x -> true;
            case Instr.SwapWritebackEnd x -> true;
            default -> false;
        };
    }

    static Instr unwrap(Instr i) {
        return i instanceof Instr.When w ? unwrap(w.inner()) : i;
    }

    List<Instr.BuildBio> builds(String bio) {
        return builds.getOrDefault(bio, List.of());
    }

    /** The pages a bio's bvecs may point at, on any of the paths that build it. */
    SortedSet<String> pages(String bio) {
        SortedSet<String> out = new TreeSet<>();
        builds(bio).forEach(b -> out.addAll(b.pages()));
        return out;
    }

    /** The blocks a bio may cover. */
    SortedSet<Integer> blocks(String bio) {
        SortedSet<Integer> out = new TreeSet<>();
        builds(bio).forEach(b -> {
            for (int k = 0; k < b.pages().size(); k++) {
                out.add(b.block() + k);
            }
        });
        return out;
    }

    boolean writes(String bio) {
        return builds(bio).stream().anyMatch(b -> b.op() == BioOp.WRITE);
    }

    boolean reads(String bio) {
        return builds(bio).stream().anyMatch(b -> b.op() == BioOp.READ);
    }

    /** The devices a submitted bio goes to: every leg for a write, its chosen leg for a read. */
    SortedSet<String> devices(String bio) {
        SortedSet<String> out = new TreeSet<>();
        for (Instr.BuildBio b : builds(bio)) {
            if (b.op() == BioOp.WRITE) {
                out.addAll(legs);
            } else {
                out.add(b.target());
            }
        }
        return out;
    }

    /** Ids of the bios that write: what the mirror and checksum invariants look at. */
    List<String> writeBios() {
        return builds.keySet().stream().filter(this::writes).toList();
    }
}
