package org.diolab.app.stage;

import java.util.function.Consumer;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.text.Text;

/** The text the stage draws: every visible, non-blank {@link Text} under a node (a label's drawn text included). */
public final class StageTexts {
    private StageTexts() {}

    /** Calls {@code each} for every text drawn under {@code root} (hidden branches are skipped). */
    public static void visit(Node root, Consumer<Text> each) {
        if (!root.isVisible()) {
            return;
        }
        if (root instanceof Text t) {
            if (t.getText() != null && !t.getText().isBlank()) {
                each.accept(t);
            }
        } else if (root instanceof Parent p) {
            for (Node c : p.getChildrenUnmodifiable()) {
                visit(c, each);
            }
        }
    }
}
