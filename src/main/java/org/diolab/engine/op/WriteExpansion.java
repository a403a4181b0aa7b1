package org.diolab.engine.op;

import java.util.ArrayList;
import java.util.List;
import org.diolab.engine.model.BioOp;
import org.diolab.engine.step.Instr;

/** dio_write under each write mode and pin mode. */
final class WriteExpansion {
    private WriteExpansion() {}

    static List<Instr> dioWrite(Operation.DioWrite w, Expansion x) {
        PolicyFeatures.WriteMode mode = x.f().write();
        if (mode == PolicyFeatures.WriteMode.BUFFERED_FALLBACK && !x.datasum(w.block())) {
            mode = PolicyFeatures.WriteMode.ZERO_COPY; // 968f19c5b1b7 only concerns checksummed inodes
        }
        if (mode == PolicyFeatures.WriteMode.PROFILE_FALLBACK) {
            // 7c2830f00c3e: also nodatasum inodes, when the data profile keeps copies or parity
            mode = x.datasum(w.block()) || x.world().volume().redundant()
                    ? PolicyFeatures.WriteMode.BUFFERED_FALLBACK
                    : PolicyFeatures.WriteMode.ZERO_COPY;
        }
        boolean allocates = mode != PolicyFeatures.WriteMode.ZERO_COPY;
        if (w.nowait() && allocates && x.f().nowaitCheck()) {
            return List.of(new Instr.ReturnEagain(w.bio()));
        }
        List<Instr> body = switch (mode) {
            case ZERO_COPY -> zeroCopy(w, x);
            // iomap still pins the user pages to build the bio btrfs copies from; they stay pinned until end_io
            case BOUNCE ->
                PinPolicy.around(
                        w.bio(),
                        w.pages(),
                        bounced(w.bio(), w.pages(), w.block(), w.nowait(), x),
                        x,
                        () -> bounced(w.bio() + ".u", w.pages(), w.block(), false, x),
                        false);
            case BUFFERED_FALLBACK -> buffered(w, x, Instr.DropFolio.Why.INVALIDATE);
            case DONTCACHE -> buffered(w, x, Instr.DropFolio.Why.DONTCACHE);
            case PROFILE_FALLBACK -> throw new IllegalStateException("resolved above");
        };
        return x.locked(body, w);
    }

    private static List<Instr> zeroCopy(Operation.DioWrite w, Expansion x) {
        List<Instr> direct = new ArrayList<>();
        direct.add(new Instr.BuildBio(w.bio(), BioOp.WRITE, w.pages(), w.block(), x.volume()));
        direct.addAll(x.csum(w.bio(), w.block()));
        direct.addAll(x.submitWrite(w.bio(), w.block(), w.pages().size()));
        direct.addAll(x.completeWrite(w.bio(), w.block(), w.pages().size()));
        return PinPolicy.around(
                w.bio(), w.pages(), direct, x, () -> bounced(w.bio() + ".u", w.pages(), w.block(), false, x), false);
    }

    /** Copy into kernel pages, then write those: S003's "never trust the bio". */
    static List<Instr> bounced(String bio, List<String> pages, int block, boolean nowait, Expansion x) {
        List<String> k = Expander.bouncePages(bio, pages.size());
        List<Instr> out = new ArrayList<>();
        out.add(new Instr.AllocBounce(k, nowait));
        out.add(new Instr.BounceCopy(pages, k));
        out.add(new Instr.BuildBio(bio, BioOp.WRITE, k, block, x.volume()));
        out.addAll(x.csum(bio, block));
        out.addAll(x.submitWrite(bio, block, pages.size()));
        out.addAll(x.completeWrite(bio, block, pages.size()));
        out.add(new Instr.FreePages(k));
        return out;
    }

    /**
     * Through the page cache, written back at once and waited for; then the folios go: btrfs's fallback
     * (968f19c5b1b7) calls invalidate_mapping_pages() once writeback is done, DONTCACHE drops them at completion.
     */
    private static List<Instr> buffered(Operation.DioWrite w, Expansion x, Instr.DropFolio.Why why) {
        List<Instr> out = new ArrayList<>(CacheExpansion.bufferedWrite(w.pages(), w.block(), x));
        out.addAll(CacheExpansion.writeback(w.bio(), w.block(), w.pages().size(), x));
        for (int i = 0; i < w.pages().size(); i++) {
            out.add(new Instr.DropFolio(w.block() + i, false, why));
        }
        return out;
    }
}
