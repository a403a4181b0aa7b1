package org.diolab.app.stage.cards;

import java.util.List;
import java.util.Set;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.scene.control.Skin;
import org.diolab.app.stage.cast.ChecksumTable;
import org.diolab.engine.model.Ref;

/**
 * The file's checksums: "nodatasum" (nothing will notice bad data), or the checksum table with one fixed row per block
 * the runs ever checksum. Rows the step changed get {@code :changed}, rows an invariant names {@code :violated}.
 */
public final class ChecksumCard extends StageCard<ChecksumTable> {
    private final ObjectProperty<List<Integer>> blocks = new SimpleObjectProperty<>(this, "blocks", List.of());
    private final ObjectProperty<Set<Integer>> changedRows = new SimpleObjectProperty<>(this, "changedRows", Set.of());
    private final ObjectProperty<Set<Integer>> violatedRows =
            new SimpleObjectProperty<>(this, "violatedRows", Set.of());

    private final ObjectProperty<Set<Integer>> crowdRows = new SimpleObjectProperty<>(this, "crowdRows", Set.of());

    public ChecksumCard(ChecksumTable t) {
        super(Ref.csums(), t, "checksum-card");
    }

    public ObjectProperty<List<Integer>> blocksProperty() {
        return blocks;
    }

    public ObjectProperty<Set<Integer>> changedRowsProperty() {
        return changedRows;
    }

    public ObjectProperty<Set<Integer>> violatedRowsProperty() {
        return violatedRows;
    }

    /** The rows drawn as one crowd of cells rather than a line each (see {@link Crowds}); usually empty. */
    public ObjectProperty<Set<Integer>> crowdRowsProperty() {
        return crowdRows;
    }

    @Override
    protected Skin<?> createDefaultSkin() {
        return new ChecksumCardSkin(this);
    }
}
