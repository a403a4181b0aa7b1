package org.diolab.app.stage.cards;

import java.util.List;
import java.util.Objects;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Labeled;
import javafx.scene.control.Tooltip;
import org.diolab.app.ui.TermTips;
import org.diolab.lesson.glossary.Glossary;
import org.diolab.lesson.glossary.GlossaryEntry;

/**
 * The glossary on the stage: resting the pointer on a card's label that names a kernel term ("bi_iter", "folio",
 * "i_rwsem") or on a lane's step chip ("end-io", "exclusive-pin") shows what it is and where the kernel says so, the
 * same tip as in the narration ({@link TermTips}). A label is read again only when its text changes, so a step costs
 * a string compare per label, and its tip is made again only when the terms it names change.
 */
final class CardTips {
    /** The text a label's tip was made for. */
    private static final String FOR = "dio-lab.card-tip-text";
    /** The terms a label's tip was made for. */
    private static final String TERMS = "dio-lab.card-tip-terms";

    private CardTips() {}

    /** Every label under {@code n} (bytes cells aside: one character names no term) gets the tip of its terms. */
    static void scan(Node n) {
        if (n instanceof Labeled l) {
            label(l);
        } else if (n instanceof Parent p && !n.getStyleClass().contains("byte-cells")) {
            for (Node c : p.getChildrenUnmodifiable()) {
                scan(c);
            }
        }
    }

    /** The tip of the terms in {@code l}'s text (none: no tip of ours). */
    static void label(Labeled l) {
        String text = l.getText();
        if (Objects.equals(l.getProperties().get(FOR), text)) {
            return;
        }
        l.getProperties().put(FOR, text);
        List<GlossaryEntry> terms = TermTips.termsIn(Glossary.bundled(), text);
        // A label whose text changes each step ("bi_iter { bi_idx 1, ... }") names the same terms: its tip stays (a
        // new tooltip each step was a tenth of a step's FX-thread time, profiled).
        if (terms.equals(l.getProperties().get(TERMS))) {
            return;
        }
        l.getProperties().put(TERMS, terms);
        TermTips.install(l, terms);
    }

    /**
     * A lane's step chip: what its step label stands for, then {@code more} (the branch not taken, the lane's path).
     * Null when there is nothing to say.
     */
    static String chip(String label, String more) {
        List<GlossaryEntry> e = Glossary.bundled().forStep(label).map(List::of).orElse(List.of());
        String term = e.isEmpty() ? "" : TermTips.describe(e.getFirst());
        if (term.isEmpty()) {
            return more.isEmpty() ? null : more;
        }
        return more.isEmpty() ? term : term + "\n\n" + more;
    }

    /** Sets {@code l}'s tooltip to {@code text} (null: none), keeping the one it has when the text is the same. */
    static void tip(Labeled l, String text) {
        Tooltip now = l.getTooltip();
        if (text == null) {
            if (now != null) {
                l.setTooltip(null);
            }
        } else if (now == null) {
            Tooltip t = TermTips.of(List.of());
            t.setText(text);
            l.setTooltip(t);
        } else if (!now.getText().equals(text)) {
            now.setText(text); // one tooltip per chip for the run: a new one each step would cost a popup each
        }
    }
}
