package org.diolab.app.stage.cast;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.diolab.engine.model.Bio;
import org.diolab.engine.model.BioState;
import org.diolab.engine.model.CsumWork;
import org.diolab.engine.model.Device;
import org.diolab.engine.model.Page;
import org.diolab.engine.model.PageKind;
import org.diolab.engine.model.Ref;
import org.diolab.engine.model.World;

/**
 * The objects of a world the stage draws, each with its column, the group it moves with and whether it is on show.
 * The one place that decides what is on stage: the cast (sizing, places) and every frame use it alike.
 */
public final class StageObjects {
    private StageObjects() {}

    /** One drawable object of a world at one step. */
    public record Entry(Ref ref, Column column, Ref group, Object value, boolean shown) {}

    /**
     * @param changed what the step changed: a finished bio or a freed page is still drawn at the step that finished
     *                it, then leaves the stage
     * @param locks   whether the run uses i_rwsem, so the inode is worth a card
     */
    public static List<Entry> of(World w, Set<Ref> changed, boolean locks) {
        List<Entry> out =
                new ArrayList<>(w.pages().size() + w.bios().size() + w.devices().size() + 4);
        for (Page p : w.pages().values()) {
            Ref r = Ref.page(p.id());
            out.add(new Entry(r, column(p.kind()), r, p, !p.freed() || changed.contains(r)));
        }
        if (locks) {
            out.add(new Entry(Ref.inode(), Column.KERNEL, Ref.inode(), w.inode(), true));
        }
        for (Bio b : w.bios().values()) {
            Ref r = Ref.bio(b.id());
            Ref group = b.isClone() ? Ref.bio(b.parent()) : r;
            out.add(new Entry(r, Column.KERNEL, group, b, b.state() != BioState.DONE || changed.contains(r)));
        }
        for (CsumWork k : w.work().values()) {
            Ref r = Ref.work(k.id());
            out.add(new Entry(r, Column.KERNEL, r, k, true));
        }
        for (Device d : w.devices().values()) {
            Ref r = Ref.device(d.id());
            out.add(new Entry(r, Column.STORAGE, r, d, true));
        }
        out.add(new Entry(Ref.csums(), Column.STORAGE, Ref.csums(), ChecksumTable.of(w), true));
        return out;
    }

    /** User memory, the page cache, and every other kind of page (bounce pages, and any kind added later). */
    static Column column(PageKind kind) {
        return kind == PageKind.USER ? Column.USER : kind == PageKind.PAGE_CACHE ? Column.CACHE : Column.KERNEL_PAGES;
    }
}
