package org.diolab.engine.op;

import java.util.List;
import java.util.stream.IntStream;
import org.diolab.engine.model.World;
import org.diolab.engine.step.Instr;

/**
 * Expands an operation, under a policy, into the kernel's micro-steps — the sequence a lesson animates and the
 * explorer interleaves. Each kind of operation has its own expansion; they read the policy's features only.
 */
public final class Expander {
    private Expander() {}

    public static List<Instr> expand(Operation op, Policy policy, World world) {
        Expansion x = new Expansion(policy.features(), world);
        return switch (op) {
            case Operation.DioWrite w -> WriteExpansion.dioWrite(w, x);
            case Operation.DioRead r -> ReadExpansion.dioRead(r, x);
            case Operation.Store s -> List.of(new Instr.Store(s.page(), s.bytes(), x.f().swap()));
            case Operation.BufferedWrite b -> CacheExpansion.bufferedWrite(b.pages(), b.block(), x);
            case Operation.MmapStore m -> List.of(new Instr.MmapStore(m.block(), m.bytes(), x.faultWait(m.block())));
            case Operation.Writeback wb -> CacheExpansion.writeback(wb.bio(), wb.block(), wb.count(), x);
            case Operation.Pinned pinned -> expand(pinned.op(), pinned.policy(), world);
            case Operation.CompareMirrors c -> List.of(new Instr.CompareMirrors(c.block()));
            case Operation.ReadVerify r -> List.of(new Instr.ReadVerify(r.block()));
            case Operation.Rebuild r -> List.of(new Instr.Rebuild(r.block()));
            case Operation.Resync r -> List.of(new Instr.Resync(r.block(), x.bitmap()));
            case Operation.PageOut p ->
                List.of(
                        new Instr.PageOut(p.page(), p.bio(), p.device(), x.f().swap()),
                        new Instr.When(p.bio() + ":kept", false, new Instr.AwaitBio(p.bio(), false)),
                        new Instr.When(p.bio() + ":kept", false, new Instr.SwapWritebackEnd(p.page(), p.bio())));
        };
    }

    /** Ids of the kernel pages a bounced bio uses, one per user page: {@code w1.k0, w1.k1, ...}. */
    public static List<String> bouncePages(String bio, int count) {
        return IntStream.range(0, count).mapToObj(i -> bio + ".k" + i).toList();
    }
}
