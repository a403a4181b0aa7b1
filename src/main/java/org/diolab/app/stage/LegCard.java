package org.diolab.app.stage;

import java.util.Map;
import java.util.Set;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.scene.control.Control;
import javafx.scene.control.Skin;
import org.diolab.engine.model.Device;

/**
 * A device or RAID1 leg: its blocks (bytes and CRC32C) and the queue its DMA engine serves. Blocks the current step
 * wrote get {@code :changed}; blocks a violated invariant names get {@code :violated} and a marker saying what is wrong.
 */
public final class LegCard extends Control {
    private final ObjectProperty<Device> device = new SimpleObjectProperty<>(this, "device");
    private final ObjectProperty<Set<Integer>> changedBlocks = new SimpleObjectProperty<>(this, "changedBlocks", Set.of());
    private final ObjectProperty<Map<Integer, String>> flaggedBlocks =
            new SimpleObjectProperty<>(this, "flaggedBlocks", Map.of());

    public LegCard(Device d) {
        getStyleClass().add("leg-card");
        device.set(d);
    }

    public ObjectProperty<Device> deviceProperty() {
        return device;
    }

    public ObjectProperty<Set<Integer>> changedBlocksProperty() {
        return changedBlocks;
    }

    /** Blocks an invariant violation names, with the mark to show beside each ("≠ legs differ"). */
    public ObjectProperty<Map<Integer, String>> flaggedBlocksProperty() {
        return flaggedBlocks;
    }

    @Override
    protected Skin<?> createDefaultSkin() {
        return new LegCardSkin(this);
    }
}
