package org.diolab.engine.step;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.diolab.engine.model.Incident;
import org.diolab.engine.model.IncidentKind;
import org.diolab.engine.model.Bio;
import org.diolab.engine.model.BioOp;
import org.diolab.engine.model.BioState;
import org.diolab.engine.model.Device;
import org.diolab.engine.model.Ref;
import org.diolab.engine.model.World;

/**
 * A device's DMA engine serving the head of its queue. The DMA reads (or fills) the bvec pages at the moment this step
 * runs — not when the bio was built — which is the whole subject of the seed threads.
 */
public final class DeviceSteps {
    private DeviceSteps() {
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
                w = w.withIncident(new Incident(IncidentKind.USE_AFTER_FREE, deviceId + " DMA touched " + pageId
                        + " after it was freed", new TreeSet<>(List.of(Ref.page(pageId)))));
            }
            if (clone.op() == BioOp.WRITE) {
                String bytes = w.page(pageId).bytes();
                d = d.withBlock(block, bytes);
                w = w.withStored(block, bytes);
                parts.add("reads " + pageId + " = '" + bytes + "' → block " + block);
                changed.add(Ref.block(deviceId, block));
            } else {
                String bytes = d.block(block);
                w = w.withPage(w.page(pageId).withBytes(bytes)).withoutMark(pageId + ":user-stored");
                parts.add("block " + block + " = '" + bytes + "' → " + pageId);
                changed.add(Ref.page(pageId));
            }
        }
        w = w.withDevice(d.dequeue()).withBio(clone.withState(BioState.DONE));
        changed.add(Ref.bio(clone.id()));
        return Transition.of(w, deviceId + " DMA for " + clone.id() + " " + String.join(", ", parts), changed);
    }
}
