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

/**
 * What the footprints need to know about a compiled scenario beyond one instruction: the legs, every bio any program
 * may build (by id: the same id can be built on two paths, say direct or through a bounce buffer), every block any
 * device may hold, whether any pin write-protects its pages (if none does, a page is never write-protected, so stores
 * never wait on pins and unpinning is a plain decrement), and whether the file keeps data checksums.
 */
record ScenarioFacts(List<String> legs, Map<String, List<Instr.BuildBio>> builds, SortedSet<Integer> blocks,
                     boolean writeProtects, boolean checksummed) {
    static ScenarioFacts of(Simulator sim) {
        World w = sim.initial().world();
        Map<String, List<Instr.BuildBio>> builds = new LinkedHashMap<>();
        SortedSet<Integer> blocks = new TreeSet<>();
        boolean writeProtects = false;
        w.devices().values().forEach(d -> blocks.addAll(d.blocks().keySet()));
        for (String actor : sim.actors()) {
            if (sim.isDevice(actor)) {
                continue;
            }
            for (Instr i : sim.program(actor)) {
                Instr inner = unwrap(i);
                writeProtects |= inner instanceof Instr.Pin p && p.writeProtect();
                if (inner instanceof Instr.BuildBio b) {
                    builds.computeIfAbsent(b.bio(), k -> new ArrayList<>()).add(b);
                    for (int k = 0; k < b.pages().size(); k++) {
                        blocks.add(b.block() + k);
                    }
                }
            }
        }
        return new ScenarioFacts(List.copyOf(w.volume().legs()), builds, blocks, writeProtects,
                !w.inode().nodatasum());
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
