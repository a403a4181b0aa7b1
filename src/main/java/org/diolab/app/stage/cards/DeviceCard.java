package org.diolab.app.stage.cards;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.scene.control.Skin;
import org.diolab.app.stage.cast.ActorLane;
import org.diolab.engine.model.Device;
import org.diolab.engine.model.Ref;

/**
 * A device or RAID1 leg: its DMA engine's state (it is an actor too), the bios queued for it, and one row per block
 * with the bytes and their CRC32C. Rows the step wrote get {@code :changed}; rows an invariant names get
 * {@code :violated} and a mark saying what is wrong.
 */
public final class DeviceCard extends StageCard<Device> {
    private final ObjectProperty<List<Integer>> blocks = new SimpleObjectProperty<>(this, "blocks", List.of());
    private final ObjectProperty<ActorLane> lane = new SimpleObjectProperty<>(this, "lane");
    private final ObjectProperty<Set<Integer>> changedBlocks =
            new SimpleObjectProperty<>(this, "changedBlocks", Set.of());
    private final ObjectProperty<Map<Integer, String>> blockMarks =
            new SimpleObjectProperty<>(this, "blockMarks", Map.of());
    private final ObjectProperty<Consumer<String>> onStep = new SimpleObjectProperty<>(this, "onStep");
    private final ObjectProperty<Set<Integer>> crowdBlocks = new SimpleObjectProperty<>(this, "crowdBlocks", Set.of());

    public DeviceCard(Device d) {
        super(Ref.device(d.id()), d, "device-card");
    }

    /** Every block the device ever holds in the runs cast: one fixed row each. */
    public ObjectProperty<List<Integer>> blocksProperty() {
        return blocks;
    }

    /** The device's DMA engine as an actor: ready, idle. */
    public ObjectProperty<ActorLane> laneProperty() {
        return lane;
    }

    public ObjectProperty<Set<Integer>> changedBlocksProperty() {
        return changedBlocks;
    }

    public ObjectProperty<Map<Integer, String>> blockMarksProperty() {
        return blockMarks;
    }

    /** The blocks drawn as one crowd of cells rather than a row each (see {@link Crowds}); empty for most devices. */
    public ObjectProperty<Set<Integer>> crowdBlocksProperty() {
        return crowdBlocks;
    }

    /** While the learner schedules: what its Step button does; otherwise {@code null} (no button). */
    public ObjectProperty<Consumer<String>> onStepProperty() {
        return onStep;
    }

    @Override
    protected Skin<?> createDefaultSkin() {
        return new DeviceCardSkin(this);
    }
}
