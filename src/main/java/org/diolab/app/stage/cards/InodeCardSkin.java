package org.diolab.app.stage.cards;

import java.util.ArrayList;
import java.util.List;
import javafx.css.PseudoClass;
import javafx.scene.control.Label;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.Region;
import org.diolab.app.stage.layout.Anchor;
import org.diolab.engine.model.Inode;
import org.diolab.engine.model.LockWaiter;
import org.diolab.engine.model.RwSem;

/** Draws an {@link InodeCard}: holders as chips, then the queue of waiters, first in line on the left. */
final class InodeCardSkin extends StageCardSkin<Inode, InodeCard> {
    private static final PseudoClass HELD = PseudoClass.getPseudoClass("held");
    private static final PseudoClass CONTENDED = PseudoClass.getPseudoClass("contended");
    private final Label title = new Label("inode · i_rwsem");
    private final FlowPane holders = new FlowPane(4, 4);
    private final FlowPane queue = new FlowPane(4, 4);
    private final Label dio = new Label();

    InodeCardSkin(InodeCard card) {
        super(card);
        title.getStyleClass().add("card-title");
        title.setMinWidth(Region.USE_PREF_SIZE);
        holders.setPrefWrapLength(240);
        queue.setPrefWrapLength(240);
        holders.getStyleClass().add("lock-holders");
        queue.getStyleClass().add("lock-queue");
        dio.getStyleClass().add("card-tag");
        dio.setMinWidth(Region.USE_PREF_SIZE);
        body.getChildren().addAll(title, holders, queue, dio);
        refresh();
    }

    @Override
    protected void update(Inode i) {
        RwSem r = i.rwsem();
        List<Label> held = new ArrayList<>();
        held.add(tag("held:"));
        if (r.writer() != null) {
            held.add(chip(r.writer() + " · exclusive", "holder-chip"));
        }
        r.readers().forEach(a -> held.add(chip(a + " · shared", "holder-chip")));
        if (held.size() == 1) {
            held.add(chip("free", "free-chip"));
        }
        holders.getChildren().setAll(held);
        List<Label> q = new ArrayList<>();
        q.add(tag("waiting:"));
        // Each waiter is a part by its place in the queue: motion slides a newcomer in.
        for (LockWaiter w : r.queue()) {
            Label c = chip("‖ " + w.actor() + " · " + w.mode().label(), "waiter-chip");
            q.add(Anchor.mark(c, new Anchor.Waiter(q.size() - 1)));
        }
        if (r.queue().isEmpty()) {
            q.add(chip("nobody", "free-chip"));
        }
        queue.getChildren().setAll(q);
        dio.setText("i_dio_count: " + i.dioCount());
        getSkinnable()
                .pseudoClassStateChanged(
                        HELD, r.writer() != null || !r.readers().isEmpty());
        getSkinnable().pseudoClassStateChanged(CONTENDED, !r.queue().isEmpty());
    }

    @Override
    protected String describe(Inode i) {
        return i == null ? "inode" : "inode i_rwsem " + i.rwsem().describe() + ", i_dio_count " + i.dioCount();
    }

    private static Label tag(String text) {
        Label l = new Label(text);
        l.getStyleClass().add("card-tag");
        l.setMinWidth(Region.USE_PREF_SIZE);
        return l;
    }

    private static Label chip(String text, String style) {
        Label l = new Label(text);
        l.getStyleClass().addAll("lock-chip", style);
        l.setMinWidth(Region.USE_PREF_SIZE);
        return l;
    }
}
