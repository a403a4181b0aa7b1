package org.diolab.engine.explore;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.diolab.engine.model.Bio;
import org.diolab.engine.model.BioOp;
import org.diolab.engine.model.BioState;
import org.diolab.engine.model.World;
import org.diolab.engine.step.Instr;

/**
 * What each kind of micro-step may read and write, whatever the state: the reduction's description of the engine's
 * semantics (engine/step). It must cover every read and write of the step it describes, including what decides
 * whether the step may run (its guard); a step described too narrowly would let the explorer skip interleavings that
 * matter, so FootprintAuditTest checks every description against what the steps do in every state of every lesson.
 * An instruction not listed here touches {@link Footprint#ANY}: correct, just not reduced.
 *
 * <p>Folios are found by block through their id ({@code F<block>}, as CacheSteps names them).
 */
final class InstrFootprints {
    private final Resources res;
    private final ScenarioFacts facts;
    private final Map<Instr, Footprint> steps = new HashMap<>();
    private final Map<Instr, Footprint> guards = new HashMap<>();
    /** Footprints built per state, by what they depend on: a DMA by clone, a wait by what it waits for. */
    private final Map<String, Footprint> byName = new HashMap<>();

    InstrFootprints(Resources res, ScenarioFacts facts) {
        this.res = res;
        this.facts = facts;
    }

    ScenarioFacts facts() {
        return facts;
    }

    /** Everything the step may read or write, guard included. */
    Footprint step(Instr i) {
        Footprint f = steps.get(i);
        if (f == null) { // not computeIfAbsent: a When's footprint is made of its inner step's
            f = res.builder().include(guard(i)).include(effect(i)).build();
            steps.put(i, f);
        }
        return f;
    }

    /** What decides whether the step can run now, or must wait. */
    Footprint guard(Instr i) {
        Footprint f = guards.get(i);
        if (f == null) {
            f = guardOf(i);
            guards.put(i, f);
        }
        return f;
    }

    /**
     * What must change before the blocked step {@code i} can run, in {@code w}: one of the things it waits for, not all
     * of them. A step that waits for several bios can run only once each is done, so nobody but the one who completes
     * the first of them can wake it; the reduction then has to consider only that actor as the one who might.
     */
    Footprint blockers(World w, String actor, Instr i) {
        return switch (i) {
            case Instr.When when -> blockers(w, actor, when.inner()).union(readOf(Resources.mark(when.mark())));
            case Instr.BuildBio x ->
                w.bios().values().stream()
                        .filter(y -> !y.isClone()
                                && y.op() != x.op()
                                && y.state() != BioState.DONE
                                && !y.id().equals(x.bio())
                                && overlaps(y, x))
                        .findFirst()
                        .map(y -> readOf(Resources.bio(y.id())))
                        .orElseGet(() -> guard(i));
            case Instr.AwaitBio a ->
                w.bios().values().stream()
                        .filter(c -> a.bio().equals(c.parent()) && c.state() != BioState.DONE)
                        .findFirst()
                        .map(c -> readOf(Resources.bio(c.id())))
                        .orElseGet(() -> guard(i));
            // queued behind others: the head must take the lock first; first in line: a holder must leave
            case Instr.LockAcquire l ->
                w.inode().rwsem().queue().isEmpty()
                                || !w.inode().rwsem().queue().getFirst().actor().equals(actor)
                        ? readOf(Resources.LOCK_HEAD)
                        : readOf(Resources.LOCK_HOLDERS);
            default -> guard(i);
        };
    }

    private Footprint readOf(String resource) {
        return cached("read " + resource, () -> res.builder().read(resource).build());
    }

    private Footprint cached(String key, java.util.function.Supplier<Footprint> make) {
        Footprint f = byName.get(key);
        if (f == null) {
            f = make.get();
            byName.put(key, f);
        }
        return f;
    }

    private static boolean overlaps(Bio y, Instr.BuildBio x) {
        return y.block() < x.block() + x.pages().size()
                && x.block() < y.block() + y.pages().size();
    }

    private Footprint guardOf(Instr i) {
        Resources.Builder b = res.builder();
        switch (i) {
            case Instr.AwaitBio a -> {
                facts.devices(a.bio()).forEach(l -> b.read(Resources.bio(clone(a.bio(), l))));
                if (a.waitCsum()) {
                    b.read(Resources.work(a.bio() + ".csum"));
                }
            }
            case Instr.BuildBio x ->
                facts.builds().forEach((id, variants) -> {
                    // btrfs orders a read and a write of the same range: the later one waits for the earlier's end_io
                    for (Instr.BuildBio v : variants) {
                        if (v.op() != x.op() && overlaps(v, x) && !id.equals(x.bio())) {
                            b.read(Resources.bio(id));
                        }
                    }
                });
            case Instr.ExclusivePin p -> pins(b, List.of(p.page()));
            case Instr.WaitExclusiveRelease r -> pins(b, r.pages());
            case Instr.Store s -> {
                if (facts.writeProtects()) {
                    pins(b, List.of(s.page())); // a store faults on a write-protected, pinned page
                } else {
                    b.read(Resources.pageLife(s.page()));
                }
            }
            case Instr.BufferedCopy c -> folioState(b, c.block());
            case Instr.MmapStore m -> folioState(b, m.block());
            case Instr.WritebackStart s -> s.blocks().forEach(k -> folioState(b, k));
            case Instr.LockAcquire l -> b.read(Resources.LOCK_HEAD).read(Resources.LOCK_HOLDERS);
            case Instr.When w -> b.read(Resources.mark(w.mark())).include(guard(w.inner()));
            case Instr.Pin p -> {
                if (p.forWrite() && p.folioWait().waits()) { // a write fault waits for a file page's writeback
                    p.pages().forEach(x -> b.read(Resources.pageFlags(x)).read(Resources.pageLife(x)));
                }
                if (p.forWrite() && p.writeProtect()) { // Kara's rule c: waits while others hold pins
                    pins(b, p.pages());
                }
            }
            case Instr.Unpin u -> {}
            case Instr.TryExclusivePins t -> {}
            case Instr.ExclusiveUnpin u -> {}
            case Instr.AllocBounce a -> {}
            case Instr.BounceCopy c -> {}
            case Instr.CopyBack c -> {}
            case Instr.ComputeCsum c -> {}
            case Instr.QueueCsum q -> {}
            case Instr.SubmitBio s -> {}
            case Instr.VerifyCsum v -> {}
            case Instr.ReturnRead r -> {}
            case Instr.ReturnEagain e -> {}
            case Instr.CompareMirrors c -> {}
            case Instr.ReadVerify r -> // scrub waits for any write to the block that has not completed
                facts.writeBios().stream()
                        .filter(bio -> facts.blocks(bio).contains(r.block()))
                        .forEach(bio -> {
                            b.read(Resources.bio(bio)).read(Resources.VOLUME);
                            facts.legs().forEach(l -> b.read(Resources.bio(clone(bio, l))));
                        });
            case Instr.FreePages f -> {}
            case Instr.WritebackEnd e -> {}
            // a reader waits while another read fills the folio, for that reader (its fill mark) and the devices
            case Instr.AddFolio a -> {
                folioState(b, a.block());
                fillMarks(a.block()).forEach(b::read);
            }
            case Instr.DropFolio d -> {}
            case Instr.LockRequest l -> {}
            case Instr.Unlock u -> {}
            case Instr.DioBegin d -> {}
            case Instr.DioEnd d -> {}
            default -> b.anything();
        }
        return b.build();
    }

    private Footprint effect(Instr i) {
        Resources.Builder b = res.builder();
        switch (i) {
            // a pin adds one (and may set write protection, which pins only ever set): pins commute with each other
            case Instr.Pin p -> {
                p.pages().forEach(x -> b.add(Resources.pagePins(x)).read(Resources.pageLife(x)));
                if (p.forWrite()) { // a FOLL_WRITE pin of an uptodate file page is a write fault: it dirties it
                    p.pages().forEach(x -> b.update(Resources.pageFlags(x)));
                }
            }
            // the last unpin lifts write protection, which it must count down to see, unless nothing write-protects
            case Instr.Unpin u -> {
                if (facts.writeProtects()) {
                    pinsChanged(b, u.pages());
                } else {
                    u.pages().forEach(x -> b.add(Resources.pagePins(x)).read(Resources.pageLife(x)));
                }
            }
            case Instr.ExclusivePin p -> pinsChanged(b, List.of(p.page()));
            case Instr.TryExclusivePins t -> {
                pinsChanged(b, t.pages());
                b.update(Resources.mark(t.bio() + ":fallback")).update(Resources.mark(t.bio() + ":exclusive"));
            }
            case Instr.WaitExclusiveRelease r -> {}
            case Instr.ExclusiveUnpin u -> pinsChanged(b, u.pages());
            case Instr.AllocBounce a -> {
                a.pages().forEach(p -> created(b, p));
                if (a.nowait()) {
                    b.add(Resources.INCIDENTS);
                }
            }
            case Instr.BounceCopy c -> copy(b, c.from(), c.to());
            case Instr.CopyBack c -> copy(b, c.from(), c.to());
            case Instr.FreePages f -> f.pages().forEach(p -> b.update(Resources.pageLife(p)));
            case Instr.BuildBio x -> b.write(Resources.bio(x.bio()));
            case Instr.ComputeCsum c -> {
                b.update(Resources.bio(c.bio()));
                pageBytes(b, facts.pages(c.bio()));
            }
            case Instr.QueueCsum q -> b.read(Resources.bio(q.bio())).write(Resources.work(q.bio() + ".csum"));
            case Instr.SubmitBio s -> {
                b.update(Resources.bio(s.bio())).read(Resources.VOLUME).read(Resources.INODE_FLAGS);
                if (facts.reads(s.bio())) {
                    facts.blocks(s.bio()).forEach(k -> b.read(Resources.csum(k))); // looked up at submission
                }
                for (String leg : facts.devices(s.bio())) {
                    b.write(Resources.bio(clone(s.bio(), leg))).update(Resources.queueTail(leg));
                }
            }
            case Instr.AwaitBio a -> {
                b.update(Resources.bio(a.bio())).read(Resources.INODE_FLAGS);
                if (facts.writes(a.bio())) {
                    facts.blocks(a.bio()).forEach(k -> b.write(Resources.csum(k)));
                }
                if (facts.reads(a.bio())) {
                    facts.pages(a.bio()).forEach(p -> unlocks(b, p));
                }
            }
            case Instr.VerifyCsum v -> verify(b, v);
            case Instr.ReturnRead r -> returned(b, r);
            case Instr.ReturnEagain e ->
                b.add(Resources.RESULTS)
                        .update(Resources.mark(e.op() + ":eagain"))
                        .read(Resources.mark(e.op() + ":csum-failed"));
            case Instr.CompareMirrors c -> {
                b.read(Resources.VOLUME).add(Resources.RESULTS);
                facts.legs().forEach(l -> b.read(Resources.block(l, c.block())));
            }
            case Instr.ReadVerify r -> { // scrub rewrites a bad copy from a good one and counts the error
                b.read(Resources.VOLUME).read(Resources.csum(r.block())).add(Resources.RESULTS);
                facts.legs()
                        .forEach(l -> b.update(Resources.block(l, r.block())).add(Resources.devStats(l)));
            }
            case Instr.Store s ->
                b.read(Resources.pageLife(s.page()))
                        .write(Resources.pageData(s.page()))
                        .update(Resources.mark(s.page() + ":user-stored"));
            case Instr.BufferedCopy c -> {
                b.read(Resources.pageData(c.page())).read(Resources.pageLife(c.page()));
                folioWrite(b, c.block());
            }
            case Instr.MmapStore m -> folioWrite(b, m.block());
            case Instr.WritebackStart s -> {
                s.blocks().forEach(k -> folioState(b, k).update(Resources.pageFlags(folio(k))));
                if (s.skipPinned()) { // writeback skips a folio a device may be writing (folio_maybe_dma_pinned)
                    s.blocks().forEach(k -> b.read(Resources.pagePins(folio(k))));
                }
                b.update(Resources.mark(s.bio() + ":clean"));
            }
            case Instr.WritebackEnd e ->
                e.blocks().forEach(k -> folioState(b, k).update(Resources.pageFlags(folio(k))));
            case Instr.AddFolio a -> {
                created(b, folio(a.block()));
                b.update(Resources.mark(a.bio() + ":cached"));
                fillMarks(a.block()).forEach(b::update); // the reader that locks it to fill it names itself
            }
            case Instr.DropFolio d -> created(b, folio(d.block()));
            case Instr.LockRequest l -> b.update(Resources.LOCK_TAIL);
            case Instr.LockAcquire l -> b.update(Resources.LOCK_HEAD).update(Resources.LOCK_HOLDERS);
            case Instr.Unlock u -> b.update(Resources.LOCK_HOLDERS);
            case Instr.DioBegin d -> b.add(Resources.DIO_COUNT);
            case Instr.DioEnd d -> b.add(Resources.DIO_COUNT);
            case Instr.When w -> b.read(Resources.mark(w.mark())).include(effect(w.inner()));
            default -> b.anything();
        }
        return b.build();
    }

    /** A verification: reads what it checks; marks the outcome, counts failures, and enables read repair's steps. */
    private void verify(Resources.Builder b, Instr.VerifyCsum v) {
        b.read(Resources.bio(v.bio()));
        for (String p : facts.pages(v.bio())) {
            unlocks(b, p);
            b.read(Resources.pageData(p));
        }
        for (int k : facts.blocks(v.bio())) {
            b.read(Resources.csum(k));
            facts.devices(v.bio()).forEach(l -> b.read(Resources.block(l, k)));
        }
        b.update(Resources.mark(v.op() + ":csum-failed"))
                .update(Resources.mark(v.op() + ":eio"))
                .add(Resources.INCIDENTS)
                .read(Resources.VOLUME);
        facts.devices(v.bio()).forEach(l -> b.add(Resources.devStats(l)));
        if (v.retryMark() != null) { // read repair: the next mirror's steps
            b.update(Resources.mark(v.retryMark()));
        }
        if (v.repairedMark() != null) {
            b.update(Resources.mark(v.repairedMark()));
        }
    }

    /** A read's return: what it delivers, and (on EIO) whether a good copy was left. */
    private void returned(Resources.Builder b, Instr.ReturnRead r) {
        b.read(Resources.mark(r.op() + ":eio")).read(Resources.VOLUME).read(Resources.INODE_FLAGS);
        for (int k = r.block(); k < r.block() + r.pages().size(); k++) { // EIO beside a good copy?
            b.read(Resources.csum(k));
            for (String l : facts.legs()) {
                b.read(Resources.block(l, k));
            }
        }
        for (int k = 0; k < r.pages().size(); k++) {
            String p = r.pages().get(k);
            b.read(Resources.pageData(p))
                    .read(Resources.pageLife(p))
                    .read(Resources.mark(p + ":user-stored"))
                    .read(Resources.history(r.block() + k));
        }
        b.add(Resources.RESULTS).add(Resources.INCIDENTS);
    }

    /** The marks naming which thread locked the folio of {@code block} to fill it (CacheSteps.fillMark). */
    private List<String> fillMarks(int block) {
        return facts.threads().stream()
                .map(t -> Resources.mark("fill:" + folio(block) + "=" + t))
                .toList();
    }

    /** A device serving the clone of {@code bio}: reads (write) or fills (read) its pages now. */
    Footprint dma(String bio, String device) {
        return cached("dma " + bio + " " + device, () -> dmaOf(bio, device));
    }

    private Footprint dmaOf(String bio, String device) {
        Resources.Builder b = res.builder()
                .update(Resources.queueHead(device))
                .update(Resources.bio(clone(bio, device)))
                .add(Resources.INCIDENTS);
        for (Instr.BuildBio x : facts.builds(bio)) {
            for (int k = 0; k < x.pages().size(); k++) {
                String p = x.pages().get(k);
                int block = x.block() + k;
                b.read(Resources.pageLife(p));
                if (x.op() == BioOp.WRITE) {
                    b.read(Resources.pageData(p))
                            .write(Resources.block(device, block))
                            .add(Resources.history(block));
                } else {
                    b.read(Resources.block(device, block))
                            .write(Resources.pageData(p))
                            .update(Resources.mark(p + ":user-stored"))
                            .read(Resources.pageFlags(p));
                    intoFolio(b, p);
                }
            }
        }
        return b.build();
    }

    /** The checksum kworker running the work item of {@code bio}. */
    Footprint csumWork(String bio) {
        return cached("csum-work " + bio, () -> csumWorkOf(bio));
    }

    private Footprint csumWorkOf(String bio) {
        Resources.Builder b = res.builder()
                .update(Resources.bio(bio))
                .update(Resources.work(bio + ".csum"))
                .add(Resources.INCIDENTS);
        pageBytes(b, facts.pages(bio));
        return b.build();
    }

    static String clone(String bio, String device) {
        return bio + "@" + device;
    }

    static String folio(int block) {
        return "F" + block;
    }

    private static boolean overlaps(Instr.BuildBio a, Instr.BuildBio b) {
        return a.block() < b.block() + b.pages().size()
                && b.block() < a.block() + a.pages().size();
    }

    /**
     * A read's completion unlocks the folios among its pages (folio_end_read); other pages keep their flags. Only a
     * page the page cache may hold, named as CacheSteps names folios, can be one.
     */
    private void unlocks(Resources.Builder b, String page) {
        b.read(Resources.pageLife(page));
        Integer block = folioBlock(page);
        if (block != null) {
            b.update(Resources.pageFlags(page));
            fillMarks(block).forEach(b::update); // the filler's mark goes with the lock
        }
    }

    /** The block of a page-cache folio ({@code F<block>}, as CacheSteps and setup.cache name them), else null. */
    static Integer folioBlock(String page) {
        return page.matches("F\\d+") ? Integer.valueOf(page.substring(1)) : null;
    }

    /**
     * A write of data into {@code page}: if it is an uptodate file folio (a mapped file's page used as a buffer), it is
     * dirtied and its bytes become that block's file data; a change under writeback is an incident.
     */
    private static void intoFolio(Resources.Builder b, String page) {
        Integer block = folioBlock(page);
        if (block != null) {
            b.update(Resources.pageFlags(page)).add(Resources.history(block)).add(Resources.INCIDENTS);
        }
    }

    private static void pins(Resources.Builder b, List<String> pages) {
        pages.forEach(p -> b.read(Resources.pagePins(p)).read(Resources.pageLife(p)));
    }

    private static void pinsChanged(Resources.Builder b, List<String> pages) {
        pages.forEach(p -> b.update(Resources.pagePins(p)).read(Resources.pageLife(p)));
    }

    private static void pageBytes(Resources.Builder b, Iterable<String> pages) {
        pages.forEach(p -> b.read(Resources.pageData(p)).read(Resources.pageLife(p)));
    }

    private static void copy(Resources.Builder b, List<String> from, List<String> to) {
        pageBytes(b, from);
        to.forEach(p -> b.read(Resources.pageLife(p))
                .write(Resources.pageData(p))
                .update(Resources.mark(p + ":user-stored"))
                .read(Resources.pageFlags(p))
                .add(Resources.INCIDENTS));
        to.forEach(p -> intoFolio(b, p));
    }

    /** Every part of a page: what creating, replacing or dropping it touches. */
    private static void created(Resources.Builder b, String page) {
        b.update(Resources.pageData(page))
                .update(Resources.pagePins(page))
                .update(Resources.pageFlags(page))
                .update(Resources.pageLife(page));
    }

    private static Resources.Builder folioState(Resources.Builder b, int block) {
        return b.read(Resources.pageLife(folio(block))).read(Resources.pageFlags(folio(block)));
    }

    /** A write into the folio of {@code block}, bringing it into the cache if absent. */
    private static void folioWrite(Resources.Builder b, int block) {
        created(b, folio(block));
        b.add(Resources.history(block)).add(Resources.INCIDENTS);
    }
}
