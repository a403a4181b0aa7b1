package org.diolab.engine.op;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.diolab.engine.model.BioOp;
import org.diolab.engine.model.World;
import org.diolab.engine.step.Instr;

/**
 * Expands an operation, under a policy, into the kernel's micro-steps — the sequence a lesson animates and the
 * explorer interleaves.
 */
public final class Expander {
    private Expander() {
    }

    public static List<Instr> expand(Operation op, Policy policy, World world) {
        return switch (op) {
            case Operation.DioWrite w -> dioWrite(w, policy, world);
            case Operation.DioRead r -> dioRead(r, policy);
            case Operation.Store s -> List.of(new Instr.Store(s.page(), s.bytes()));
        };
    }

    /** Ids of the kernel pages a bounced bio uses, one per user page: {@code w1.k0, w1.k1, ...}. */
    public static List<String> bouncePages(String bio, int count) {
        return IntStream.range(0, count).mapToObj(i -> bio + ".k" + i).toList();
    }

    private static List<Instr> dioWrite(Operation.DioWrite w, Policy policy, World world) {
        String volume = world.volume().id();
        List<Instr> steps = new ArrayList<>();
        List<String> ioPages = switch (policy) {
            case ZERO_COPY -> {
                steps.add(new Instr.Pin(w.pages()));
                yield w.pages();
            }
            case BOUNCE -> {
                List<String> k = bouncePages(w.bio(), w.pages().size());
                steps.add(new Instr.AllocBounce(k));
                steps.add(new Instr.BounceCopy(w.pages(), k));
                yield k;
            }
        };
        steps.add(new Instr.BuildBio(w.bio(), BioOp.WRITE, ioPages, w.block(), volume));
        if (!world.inode().nodatasum()) {
            steps.add(new Instr.ComputeCsum(w.bio()));
        }
        steps.add(new Instr.SubmitBio(w.bio()));
        steps.add(new Instr.AwaitBio(w.bio()));
        steps.add(policy == Policy.ZERO_COPY ? new Instr.Unpin(w.pages()) : new Instr.FreePages(ioPages));
        return List.copyOf(steps);
    }

    private static List<Instr> dioRead(Operation.DioRead r, Policy policy) {
        return switch (policy) {
            case ZERO_COPY -> List.of(
                    new Instr.Pin(r.pages()),
                    new Instr.BuildBio(r.bio(), BioOp.READ, r.pages(), r.block(), r.leg()),
                    new Instr.SubmitBio(r.bio()),
                    new Instr.AwaitBio(r.bio()),
                    new Instr.Unpin(r.pages()));
            case BOUNCE -> {
                List<String> k = bouncePages(r.bio(), r.pages().size());
                yield List.of(
                        new Instr.AllocBounce(k),
                        new Instr.BuildBio(r.bio(), BioOp.READ, k, r.block(), r.leg()),
                        new Instr.SubmitBio(r.bio()),
                        new Instr.AwaitBio(r.bio()),
                        new Instr.CopyBack(k, r.pages()),
                        new Instr.FreePages(k));
            }
        };
    }
}
