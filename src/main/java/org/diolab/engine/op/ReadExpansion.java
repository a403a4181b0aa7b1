package org.diolab.engine.op;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.diolab.engine.model.BioOp;
import org.diolab.engine.step.Instr;

/** dio_read under each read mode: zero copy, bounce, lazy bounce, DONTCACHE. */
final class ReadExpansion {
    private ReadExpansion() {}

    static List<Instr> dioRead(Operation.DioRead r, Expansion x) {
        PolicyFeatures.ReadMode mode = x.f().read();
        boolean allocates = mode == PolicyFeatures.ReadMode.BOUNCE || mode == PolicyFeatures.ReadMode.DONTCACHE;
        if (r.nowait() && allocates && x.f().nowaitCheck()) {
            return List.of(new Instr.ReturnEagain(r.bio())); // "Bounce will allocate memory, breaking NOWAIT."
        }
        boolean lazy = x.datasum(r.block());
        List<Instr> body = switch (mode) {
            case ZERO_COPY -> zeroCopy(r, x, false, false);
            case LAZY_BOUNCE -> zeroCopy(r, x, lazy, false);
            case LAZY_BOUNCE_EAGAIN -> zeroCopy(r, x, lazy, r.nowait());
            case BOUNCE -> bounced(r, x);
            case DONTCACHE -> dontcache(r, x);
        };
        List<Instr> out = new ArrayList<>(
                x.f().locking() == PolicyFeatures.Locking.SUBMIT_LOCKED_READS
                        ? lockedUntilSubmitted(body)
                        : x.locked(body, null));
        // the call returns after dropping any lock, unless a lazy retry already returned -EAGAIN
        out.add(new Instr.When(r.bio() + ":eagain", false, new Instr.ReturnRead(r.bio(), r.pages(), r.block())));
        return List.copyOf(out);
    }

    /** DIO_LOCKING: i_rwsem exclusive around the read's submission only, released before waiting for the device. */
    private static List<Instr> lockedUntilSubmitted(List<Instr> body) {
        List<Instr> out = new ArrayList<>();
        out.add(new Instr.LockRequest(org.diolab.engine.model.LockMode.EXCLUSIVE));
        out.add(new Instr.LockAcquire(org.diolab.engine.model.LockMode.EXCLUSIVE));
        boolean unlocked = false;
        for (Instr i : body) {
            out.add(i);
            if (!unlocked && i instanceof Instr.SubmitBio) {
                out.add(new Instr.Unlock());
                unlocked = true;
            }
        }
        if (!unlocked) {
            out.add(new Instr.Unlock());
        }
        return out;
    }

    private static List<Instr> verify(String bio, String op, int block, boolean lazy, Expansion x) {
        return x.datasum(block) ? List.of(new Instr.VerifyCsum(bio, op, lazy)) : List.of();
    }

    /** Verification of a read bio that does not retry lazily, with btrfs's read repair on a mirror. */
    private static List<Instr> verified(String bio, List<String> pages, String op, int block, String leg, Expansion x) {
        return x.datasum(block) ? ReadRepair.verifyAndRepair(bio, pages, op, block, leg, x) : List.of();
    }

    /**
     * @param lazy   a failed verification is retried through a bounce buffer (Hellwig's lazy bounce)
     * @param eagain the retry of this NOWAIT read returns -EAGAIN instead of allocating (the open question)
     */
    private static List<Instr> zeroCopy(Operation.DioRead r, Expansion x, boolean lazy, boolean eagain) {
        List<Instr> direct = new ArrayList<>();
        direct.add(new Instr.BuildBio(r.bio(), BioOp.READ, r.pages(), r.block(), r.leg()));
        direct.add(new Instr.SubmitBio(r.bio()));
        direct.add(new Instr.AwaitBio(r.bio(), false));
        direct.addAll(
                lazy
                        ? verify(r.bio(), r.bio(), r.block(), true, x)
                        : verified(r.bio(), r.pages(), r.bio(), r.block(), r.leg(), x));
        if (lazy) {
            direct.addAll(Expansion.when(
                    r.bio() + ":csum-failed", true, eagain ? List.of(new Instr.ReturnEagain(r.bio())) : retry(r, x)));
        }
        return PinPolicy.around(r.bio(), r.pages(), direct, x, () -> bouncedBody(r.bio(), r, x), true);
    }

    /** The lazy path after a failed verification: the same read again, through a bounce buffer. */
    private static List<Instr> retry(Operation.DioRead r, Expansion x) {
        return bouncedBody(r.bio() + ".retry", r, x);
    }

    /** The user pages are pinned all along: the data is copied into them at completion (S003, S000). */
    private static List<Instr> bounced(Operation.DioRead r, Expansion x) {
        return PinPolicy.around(
                r.bio(), r.pages(), bouncedBody(r.bio(), r, x), x, () -> bouncedBody(r.bio() + ".u", r, x), true);
    }

    /** DMA into kernel pages, verify there, copy to the user only if the data is good. */
    private static List<Instr> bouncedBody(String bio, Operation.DioRead r, Expansion x) {
        List<String> k = Expander.bouncePages(bio, r.pages().size());
        List<Instr> out = new ArrayList<>();
        out.add(new Instr.AllocBounce(k, r.nowait()));
        out.add(new Instr.BuildBio(bio, BioOp.READ, k, r.block(), r.leg()));
        out.add(new Instr.SubmitBio(bio));
        out.add(new Instr.AwaitBio(bio, false));
        out.addAll(verified(bio, k, r.bio(), r.block(), r.leg(), x));
        out.add(
                x.datasum(r.block())
                        ? new Instr.When(r.bio() + ":eio", false, new Instr.CopyBack(k, r.pages()))
                        : new Instr.CopyBack(k, r.pages()));
        out.add(new Instr.FreePages(k));
        return out;
    }

    /**
     * RWF_DONTCACHE read: buffered, so like filemap's read it uses the folios already cached and reads only the missing
     * ones (readahead of the missing folios), verifies them there, copies every block out, then drops the folios. Each
     * block has its own bio, skipped when that block is found cached; a one-block read keeps the call's bio name. The
     * suffix is "blk", not "b": random scenarios name bios b0, b1, and the symmetry renaming maps whole words.
     */
    private static List<Instr> dontcache(Operation.DioRead r, Expansion x) {
        int n = r.pages().size();
        List<Integer> blocks = IntStream.range(r.block(), r.block() + n).boxed().toList();
        List<String> bios = blocks.stream()
                .map(b -> n == 1 ? r.bio() : r.bio() + ".blk" + b)
                .toList();
        List<Instr> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(new Instr.AddFolio(blocks.get(i), bios.get(i)));
        }
        // submit the reads of all missing blocks before waiting for any, as readahead does
        for (int i = 0; i < n; i++) {
            List<String> folio = List.of(CacheExpansion.folio(blocks.get(i)));
            out.addAll(Expansion.when(
                    bios.get(i) + ":cached",
                    false,
                    List.of(
                            new Instr.BuildBio(bios.get(i), BioOp.READ, folio, blocks.get(i), r.leg()),
                            new Instr.SubmitBio(bios.get(i)))));
        }
        for (int i = 0; i < n; i++) {
            List<String> folio = List.of(CacheExpansion.folio(blocks.get(i)));
            List<Instr> done = new ArrayList<>();
            done.add(new Instr.AwaitBio(bios.get(i), false));
            done.addAll(verified(bios.get(i), folio, r.bio(), blocks.get(i), r.leg(), x));
            out.addAll(Expansion.when(bios.get(i) + ":cached", false, done));
        }
        List<String> folios = blocks.stream().map(CacheExpansion::folio).toList();
        out.add(new Instr.When(r.bio() + ":eio", false, new Instr.CopyBack(folios, r.pages())));
        blocks.forEach(b -> out.add(new Instr.DropFolio(b, true, Instr.DropFolio.Why.DONTCACHE)));
        return out;
    }
}
