package org.diolab.engine.step;

import java.util.Optional;
import org.diolab.engine.model.World;

/**
 * Executes one micro-step of a thread actor against a world. Pure: same world and instruction, same transition. The
 * work is done by one small class per area (pins, memory, bios, page cache, locks); this is the exhaustive dispatch.
 */
public final class ThreadSteps {
    private ThreadSteps() {}

    /** Whether a {@link Instr.When} (possibly nested) runs in {@code w}; other instructions always do. */
    public static boolean applies(World w, Instr instr) {
        return !(instr instanceof Instr.When when)
                || (w.marked(when.mark()) == when.expected() && applies(w, when.inner()));
    }

    /** Why {@code instr} cannot run now and for whom it waits, or empty if it can run. */
    public static Optional<Wait> blockedReason(World w, String actor, Instr instr) {
        return switch (instr) {
            case Instr.AwaitBio a -> BioSteps.awaitWait(w, a);
            case Instr.BuildBio b -> BioSteps.orderedWait(w, b);
            case Instr.ExclusivePin p -> PinSteps.exclusiveWait(w, actor, java.util.List.of(p.page()));
            case Instr.WaitExclusiveRelease r -> PinSteps.exclusiveWait(w, actor, r.pages());
            case Instr.Store s -> PinSteps.storeWait(w, s.page());
            case Instr.Pin p -> PinSteps.pinWait(w, p);
            case Instr.AddFolio a -> CacheSteps.readerWait(w, a);
            case Instr.Resync r -> MdSteps.resyncWait(w, r.block());
            case Instr.ReadVerify r -> ScrubSteps.scrubWait(w, r.block());
            case Instr.BufferedCopy c -> CacheSteps.stableWait(w, c.block(), c.writebackWait());
            case Instr.MmapStore m -> CacheSteps.stableWait(w, m.block(), m.writebackWait());
            case Instr.WritebackStart s -> CacheSteps.writebackWait(w, s.blocks());
            case Instr.LockAcquire l -> LockSteps.acquireWait(w, actor);
            case Instr.When when -> blockedReason(w, actor, when.inner());
            default -> Optional.empty();
        };
    }

    public static Transition apply(World w, String actor, Instr instr) {
        return switch (instr) {
            case Instr.Pin p -> PinSteps.pin(w, actor, p);
            case Instr.Unpin u -> PinSteps.unpin(w, actor, u.pages());
            case Instr.ExclusivePin p -> PinSteps.exclusivePin(w, actor, p.page());
            case Instr.TryExclusivePins t -> PinSteps.tryExclusive(w, actor, t);
            case Instr.WaitExclusiveRelease r ->
                Transition.of(
                        w,
                        () -> actor + " sees no exclusive pin left on " + String.join(", ", r.pages()),
                        java.util.Set.of());
            case Instr.ExclusiveUnpin u -> PinSteps.exclusiveUnpin(w, actor, u.pages());
            case Instr.Store s -> PinSteps.store(w, actor, s);
            case Instr.AllocBounce a -> MemorySteps.alloc(w, actor, a);
            case Instr.BounceCopy c ->
                MemorySteps.copy(w, actor, c.from(), c.to(), "copies user data into the bounce page");
            case Instr.CopyBack c -> MemorySteps.copy(w, actor, c.from(), c.to(), "copies the data to user memory");
            case Instr.FreePages f -> MemorySteps.free(w, actor, f.pages());
            case Instr.BuildBio b -> BioSteps.build(w, actor, b);
            case Instr.ComputeCsum c -> BioSteps.computeCsum(w, actor, c.bio());
            case Instr.QueueCsum q -> BioSteps.queueCsum(w, actor, q);
            case Instr.SubmitBio s -> BioSteps.submit(w, actor, s.bio());
            case Instr.AwaitBio a -> BioSteps.endIo(w, actor, a.bio());
            case Instr.VerifyCsum v -> ReadSteps.verify(w, actor, v);
            case Instr.ReturnRead r -> ReadSteps.returnRead(w, actor, r);
            case Instr.ReturnEagain e -> BioSteps.eagain(w, actor, e.op());
            case Instr.CompareMirrors c -> ScrubSteps.compareMirrors(w, actor, c.block());
            case Instr.ReadVerify r -> ScrubSteps.readVerify(w, actor, r.block());
            case Instr.BufferedCopy c -> CacheSteps.bufferedCopy(w, actor, c);
            case Instr.MmapStore m -> CacheSteps.mmapStore(w, actor, m);
            case Instr.WritebackStart s -> CacheSteps.writebackStart(w, actor, s);
            case Instr.WritebackEnd e -> CacheSteps.writebackEnd(w, actor, e.blocks());
            case Instr.AddFolio a -> CacheSteps.addFolio(w, actor, a);
            case Instr.DropFolio d -> CacheSteps.drop(w, actor, d);
            case Instr.LockRequest l -> LockSteps.request(w, actor, l.mode(), l.why());
            case Instr.LockAcquire l -> LockSteps.acquire(w, actor, l.mode());
            case Instr.Unlock u -> LockSteps.release(w, actor);
            case Instr.DioBegin d -> LockSteps.dioCount(w, actor, 1);
            case Instr.DioEnd d -> LockSteps.dioCount(w, actor, -1);
            case Instr.ComputeParity c -> ParitySteps.compute(w, actor, c.bio());
            case Instr.Rebuild r -> ParitySteps.rebuild(w, actor, r.block());
            case Instr.BitmapSet b -> MdSteps.set(w, actor, b.blocks());
            case Instr.BitmapClear b -> MdSteps.clear(w, actor, b.blocks());
            case Instr.Resync r -> MdSteps.resync(w, actor, r.block(), r.bitmapOnly());
            case Instr.PageOut p -> SwapSteps.pageOut(w, actor, p);
            case Instr.SwapWritebackEnd e -> SwapSteps.writebackEnd(w, actor, e);
            case Instr.When when -> apply(w, actor, when.inner());
        };
    }
}
