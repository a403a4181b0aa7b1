package org.diolab.engine.step;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.diolab.engine.model.Bio;
import org.diolab.engine.model.BioOp;
import org.diolab.engine.model.BioState;
import org.diolab.engine.model.Crc32c;
import org.diolab.engine.model.Device;
import org.diolab.engine.model.Page;
import org.diolab.engine.model.Ref;
import org.diolab.engine.model.World;

/** Executes one micro-step of a thread actor against a world. Pure: same world and instruction, same transition. */
public final class ThreadSteps {
    private ThreadSteps() {
    }

    /** Why {@code instr} cannot run now and for whom it waits, or empty if it can run. */
    public static Optional<Wait> blockedReason(World w, Instr instr) {
        return switch (instr) {
            case Instr.AwaitBio a -> pendingClones(w, a.bio()).stream().findFirst()
                    .map(c -> new Wait("waits for " + c + " to complete", List.of(w.bio(c).target())));
            default -> Optional.empty();
        };
    }

    public static Transition apply(World w, String actor, Instr instr) {
        return switch (instr) {
            case Instr.Pin p -> pin(w, actor, p.pages());
            case Instr.Unpin u -> unpin(w, actor, u.pages());
            case Instr.AllocBounce a -> allocBounce(w, actor, a.pages());
            case Instr.BounceCopy c -> copy(w, actor, c.from(), c.to(), "copies user data into the bounce page");
            case Instr.CopyBack c -> copy(w, actor, c.from(), c.to(), "copies the bounce page back to user memory");
            case Instr.BuildBio b -> buildBio(w, actor, b);
            case Instr.ComputeCsum c -> computeCsum(w, actor, c.bio());
            case Instr.SubmitBio s -> submit(w, actor, s.bio());
            case Instr.AwaitBio a -> endIo(w, actor, a.bio());
            case Instr.FreePages f -> free(w, actor, f.pages());
            case Instr.Store s -> store(w, actor, s.page(), s.bytes());
        };
    }

    private static Transition pin(World w, String actor, List<String> pages) {
        Set<String> changed = new HashSet<>();
        for (String id : pages) {
            w = w.withPage(w.page(id).pinned());
            changed.add(Ref.page(id));
        }
        return Transition.of(w, actor + " pins " + String.join(", ", pages) + " (FOLL_PIN); the pages stay writable",
                changed);
    }

    private static Transition unpin(World w, String actor, List<String> pages) {
        Set<String> changed = new HashSet<>();
        for (String id : pages) {
            w = w.withPage(w.page(id).unpinned());
            changed.add(Ref.page(id));
        }
        return Transition.of(w, actor + " unpins " + String.join(", ", pages), changed);
    }

    private static Transition allocBounce(World w, String actor, List<String> pages) {
        Set<String> changed = new HashSet<>();
        for (String id : pages) {
            w = w.withPage(Page.bounce(id, 4));
            changed.add(Ref.page(id));
        }
        return Transition.of(w, actor + " allocates bounce page " + String.join(", ", pages), changed);
    }

    private static Transition copy(World w, String actor, List<String> from, List<String> to, String what) {
        Set<String> changed = new HashSet<>();
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < from.size(); i++) {
            Page src = w.page(from.get(i));
            w = w.withPage(w.page(to.get(i)).withBytes(src.bytes()));
            changed.add(Ref.page(to.get(i)));
            parts.add(src.id() + " '" + src.bytes() + "' → " + to.get(i));
        }
        return Transition.of(w, actor + " " + what + ": " + String.join(", ", parts), changed);
    }

    private static Transition buildBio(World w, String actor, Instr.BuildBio b) {
        Bio bio = new Bio(b.bio(), b.op(), b.pages(), b.block(), b.target(), BioState.BUILT, null);
        String dir = b.op() == BioOp.WRITE ? "from" : "into";
        return Transition.of(w.withBio(bio), actor + " builds " + b.op().name().toLowerCase() + " bio " + b.bio()
                + ": bvecs point " + dir + " " + String.join(", ", b.pages()) + " (block " + b.block() + ")",
                Set.of(Ref.bio(b.bio())));
    }

    private static Transition computeCsum(World w, String actor, String bioId) {
        Bio bio = w.bio(bioId);
        Set<String> changed = new HashSet<>();
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < bio.pages().size(); i++) {
            Page p = w.page(bio.pages().get(i));
            long crc = Crc32c.of(p.bytes());
            w = w.withCsum(bio.block() + i, crc);
            changed.add(Ref.csum(bio.block() + i));
            parts.add("block " + (bio.block() + i) + " = crc32c('" + p.bytes() + "') = " + Crc32c.hex(crc));
        }
        return Transition.of(w, actor + " computes checksums of " + bioId + ": " + String.join(", ", parts), changed);
    }

    private static Transition submit(World w, String actor, String bioId) {
        Bio bio = w.bio(bioId);
        List<String> legs = bio.op() == BioOp.WRITE ? w.volume().legs() : List.of(bio.target());
        Set<String> changed = new HashSet<>();
        w = w.withBio(bio.withState(BioState.SUBMITTED));
        changed.add(Ref.bio(bioId));
        for (String leg : legs) {
            Bio clone = bio.cloneFor(leg);
            w = w.withBio(clone);
            Device d = w.device(leg);
            w = w.withDevice(d.enqueue(clone.id()));
            changed.add(Ref.bio(clone.id()));
        }
        String how = legs.size() > 1
                ? " and clones it to " + String.join(", ", legs) + "; every clone shares the same bvecs"
                : " to " + legs.getFirst();
        return Transition.of(w, actor + " submits " + bioId + how, changed);
    }

    private static Transition endIo(World w, String actor, String bioId) {
        Bio bio = w.bio(bioId);
        World after = w.withBio(bio.withState(BioState.DONE));
        String result = bio.op() == BioOp.READ
                ? ": " + String.join(", ", bio.pages().stream().map(p -> p + " holds '" + after.page(p).bytes() + "'")
                .toList())
                : ": every clone completed";
        return Transition.of(after, actor + " runs end_io for " + bioId + result, Set.of(Ref.bio(bioId)));
    }

    private static Transition free(World w, String actor, List<String> pages) {
        Set<String> changed = new HashSet<>();
        for (String id : pages) {
            w = w.withPage(w.page(id).released());
            changed.add(Ref.page(id));
        }
        return Transition.of(w, actor + " frees " + String.join(", ", pages), changed);
    }

    private static Transition store(World w, String actor, String pageId, String bytes) {
        Page p = w.page(pageId);
        String pins = p.pins() > 0 ? " although it is pinned (" + p.pins() + ")" : "";
        return Transition.of(w.withPage(p.withBytes(bytes)),
                actor + " writes '" + bytes + "' into " + pageId + pins, Set.of(Ref.page(pageId)));
    }

    private static List<String> pendingClones(World w, String bioId) {
        return w.bios().values().stream()
                .filter(b -> bioId.equals(b.parent()) && b.state() != BioState.DONE)
                .map(Bio::id)
                .toList();
    }
}
