package org.diolab.engine.step;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.diolab.engine.model.Bio;
import org.diolab.engine.model.BioOp;
import org.diolab.engine.model.BioState;
import org.diolab.engine.model.Device;
import org.diolab.engine.model.Incident;
import org.diolab.engine.model.IncidentKind;
import org.diolab.engine.model.Page;
import org.diolab.engine.model.PageFlag;
import org.diolab.engine.model.PageKind;
import org.diolab.engine.model.Ref;
import org.diolab.engine.model.World;

/**
 * A device's DMA engine serving the head of its queue. The DMA reads (or fills) the bvec pages at the moment this step
 * runs — not when the bio was built — which is the whole subject of the seed threads.
 */
public final class DeviceSteps {
    private DeviceSteps() {}

    /**
     * A read DMA writes into {@code page}. A page-cache folio used as a direct read's buffer (a mapped file's page)
     * is dirtied, as the direct I/O code dirties the pages it read into; if it is under writeback, the data being
     * written changes under the device's feet.
     */
    private static World intoPage(World w, String deviceId, Page page, String bytes) {
        Page p = page.withBytes(bytes);
        if (page.has(PageFlag.WRITEBACK) && !page.bytes().equals(bytes)) {
            w = w.withIncident(new Incident(
                    IncidentKind.STABLE_PAGE_CHANGED,
                    deviceId + "'s DMA changed " + page.id() + " from '" + page.bytes() + "' to '" + bytes
                            + "' during its writeback",
                    new TreeSet<>(List.of(Ref.page(page.id())))));
        }
        if (page.kind() == PageKind.PAGE_CACHE && page.has(PageFlag.UPTODATE)) {
            p = p.withFlag(PageFlag.DIRTY, true);
            w = w.withStored(page.block(), bytes); // it is that file's data now
        }
        return w.withPage(p).withoutMark(page.id() + ":user-stored");
    }

    public static boolean hasWork(World w, String device) {
        return !w.device(device).queue().isEmpty();
    }

    public static Transition serve(World w, String deviceId) {
        Device d = w.device(deviceId);
        if (d.queue().isEmpty()) {
            throw new IllegalStateException(deviceId + " has nothing queued");
        }
        Bio clone = w.bio(d.queue().getFirst());
        Set<Ref> changed = new HashSet<>();
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < clone.pages().size(); i++) {
            String pageId = clone.pages().get(i);
            int block = clone.block() + i;
            if (w.page(pageId).freed()) {
                w = w.withIncident(new Incident(
                        IncidentKind.USE_AFTER_FREE,
                        deviceId + " DMA touched " + pageId + " after it was freed",
                        new TreeSet<>(List.of(Ref.page(pageId)))));
            }
            if (clone.op() == BioOp.WRITE) {
                String bytes = w.page(pageId).bytes();
                d = d.withBlock(block, bytes);
                if (w.volume().dataLegs().contains(deviceId)) {
                    w = w.withStored(block, bytes); // parity and swap slots are not file data
                }
                parts.add("reads " + pageId + " = '" + bytes + "' → "
                        + (w.volume().isParityLeg(deviceId) ? "parity of stripe " : "block ") + block);
                changed.add(Ref.block(deviceId, block));
            } else {
                String bytes = d.block(block);
                w = intoPage(w, deviceId, w.page(pageId), bytes);
                parts.add("block " + block + " = '" + bytes + "' → " + pageId);
                changed.add(Ref.page(pageId));
            }
        }
        w = w.withDevice(d.dequeue()).withBio(clone.withState(BioState.DONE));
        changed.add(Ref.bio(clone.id()));
        return Transition.of(w, () -> deviceId + " DMA for " + clone.id() + " " + String.join(", ", parts), changed);
    }
}
