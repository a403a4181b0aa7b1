package org.diolab.app.stage;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import javafx.css.PseudoClass;
import javafx.scene.control.Label;
import javafx.scene.layout.VBox;
import org.diolab.engine.model.CsumWork;
import org.diolab.engine.model.Ref;
import org.diolab.engine.model.World;

/**
 * The inode's i_rwsem and i_dio_count (ext4 lessons) and btrfs's async checksum work items (S004): shown only when a
 * lesson uses them, so the other lessons stay uncluttered.
 */
final class KernelStateCard extends VBox {
    private static final PseudoClass CHANGED = PseudoClass.getPseudoClass("changed");

    KernelStateCard() {
        super(4);
        getStyleClass().addAll("kernel-card", "card-body");
    }

    /** Returns whether there was anything to show. */
    boolean show(World w, Set<String> changed, boolean locks) {
        getChildren().clear();
        List<Label> rows = new ArrayList<>();
        if (locks) {
            Label title = new Label("inode");
            title.getStyleClass().add("card-title");
            getChildren().add(title);
            rows.add(row("i_rwsem: " + w.inode().rwsem().describe(), changed.contains(Ref.inode())));
            rows.add(row("i_dio_count: " + w.inode().dioCount(), false));
        }
        if (!w.work().isEmpty()) {
            Label title = new Label("checksum work (kworker)");
            title.getStyleClass().add("card-title");
            rows.add(title);
            for (CsumWork k : w.work().values()) {
                String iter = k.savedIter() >= 0 ? "saved iter: " + k.savedIter() + " block(s)" : "no saved iter";
                String state = k.done() ? "done, covered " + k.covered() : "queued";
                rows.add(row(k.id() + " · " + iter + " · " + state, changed.contains(Ref.work(k.id()))));
            }
        }
        getChildren().addAll(rows);
        return !getChildren().isEmpty();
    }

    private static Label row(String text, boolean changed) {
        Label l = new Label(text);
        l.getStyleClass().add("kernel-row");
        l.setWrapText(true);
        l.pseudoClassStateChanged(CHANGED, changed);
        return l;
    }
}
