package org.diolab.engine.op;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.diolab.engine.step.Instr;

/** Wraps a direct I/O's steps in the pinning the policy prescribes: plain pins, or Jan Kara's exclusive schemes. */
final class PinPolicy {
    private PinPolicy() {}

    /**
     * @param direct   the steps that use the user pages directly
     * @param uncached the steps of the fallback that does not (bounce/DONTCACHE), for the exclusive-or-uncached scheme
     * @param forWrite the I/O writes into the pages (a direct read): GUP takes the pins with FOLL_WRITE
     */
    static List<Instr> around(
            String bio,
            List<String> pages,
            List<Instr> direct,
            Expansion x,
            Supplier<List<Instr>> uncached,
            boolean forWrite) {
        List<Instr> out = new ArrayList<>();
        switch (x.f().pin()) {
            case NORMAL -> {
                out.add(new Instr.Pin(pages, x.f().writeProtect(), forWrite, x.f().swap(), x.faultWait(pages)));
                out.addAll(direct);
                out.add(new Instr.Unpin(pages));
            }
            case EXCLUSIVE -> {
                pages.forEach(p -> out.add(new Instr.ExclusivePin(p)));
                out.addAll(direct);
                out.add(new Instr.ExclusiveUnpin(pages));
            }
            case EXCLUSIVE_UNCACHED -> {
                out.add(new Instr.TryExclusivePins(bio, pages));
                List<Instr> fast = new ArrayList<>(direct);
                fast.add(new Instr.ExclusiveUnpin(pages));
                out.addAll(Expansion.when(bio + ":exclusive", true, fast));
                List<Instr> slow = new ArrayList<>();
                slow.add(new Instr.WaitExclusiveRelease(pages));
                slow.add(new Instr.Pin(pages, false, forWrite, x.f().swap(), x.faultWait(pages)));
                slow.addAll(uncached.get());
                slow.add(new Instr.Unpin(pages));
                out.addAll(Expansion.when(bio + ":fallback", true, slow));
            }
        }
        return out;
    }
}
