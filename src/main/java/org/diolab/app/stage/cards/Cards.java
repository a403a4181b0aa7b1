package org.diolab.app.stage.cards;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import org.diolab.app.stage.cast.CastMember;
import org.diolab.app.stage.cast.ChecksumTable;
import org.diolab.app.stage.cast.Column;
import org.diolab.app.stage.cast.Crowds;
import org.diolab.app.stage.cast.StageCast;
import org.diolab.engine.model.Bio;
import org.diolab.engine.model.CsumWork;
import org.diolab.engine.model.Device;
import org.diolab.engine.model.Inode;
import org.diolab.engine.model.Page;
import org.diolab.engine.model.Ref;

/**
 * Which card draws which object: the one place a new kind of card is added (with its control, skin and stylesheet).
 * A card is made once per cast, for everything the runs will show of its object.
 */
public final class Cards {
    private Cards() {}

    /**
     * The card of {@code m}, or empty for an object kind without a card yet (it is simply not drawn).
     *
     * @param crowdedPages pages drawn in a crowd, by id: a bio's bvecs into a crowd share one chip
     */
    public static Optional<StageCard<?>> of(CastMember m, StageCast cast, Map<String, Column> crowdedPages) {
        Object first = m.values().getFirst();
        StageCard<?> card = switch (first) {
            case Page p -> new PageCard(p);
            case Bio b -> {
                BioCard c = new BioCard(b);
                c.crowdedProperty().set(crowdedPages);
                yield c;
            }
            case Device d -> {
                DeviceCard c = new DeviceCard(d);
                TreeSet<Integer> blocks = new TreeSet<>();
                m.values().forEach(v -> blocks.addAll(((Device) v).blocks().keySet()));
                List<Integer> all = List.copyOf(blocks);
                c.crowdBlocksProperty().set(Crowds.numbers(cast, all, n -> Ref.block(d.id(), n)));
                c.blocksProperty().set(all);
                yield c;
            }
            case ChecksumTable t -> {
                ChecksumCard c = new ChecksumCard(t);
                TreeSet<Integer> blocks = new TreeSet<>();
                m.values()
                        .forEach(v -> blocks.addAll(((ChecksumTable) v).csums().keySet()));
                List<Integer> all = List.copyOf(blocks);
                c.crowdRowsProperty().set(Crowds.numbers(cast, all, Ref::csum));
                c.blocksProperty().set(all);
                yield c;
            }
            case Inode i -> new InodeCard(i);
            case CsumWork w -> new WorkCard(w);
            default -> null;
        };
        if (card != null) {
            card.setId(m.ref().toString().replace(':', '-').replace('/', '-').replace('@', '-'));
        }
        return Optional.ofNullable(card);
    }
}
