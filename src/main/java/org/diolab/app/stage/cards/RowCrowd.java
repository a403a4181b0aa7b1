package org.diolab.app.stage.cards;

import java.util.List;
import java.util.function.IntFunction;
import java.util.function.IntPredicate;
import javafx.scene.control.Label;
import javafx.scene.layout.VBox;
import org.diolab.app.stage.cast.Crowds;
import org.diolab.app.stage.layout.CrowdGrid;

/**
 * The numbered rows of a card that are drawn as a crowd (see {@link Crowds}): a device's blocks, the checksum table's
 * rows. A caption ("1,024 blocks · 1 … 1024") over one cell per row; hovering a cell reads the row.
 */
public final class RowCrowd extends VBox {
    private final List<Integer> numbers;
    private final CellGrid grid;
    private final Label caption = new CrowdCaption("");

    /** @param noun what a row is ("block") */
    RowCrowd(String noun, List<Integer> numbers) {
        super(4);
        this.numbers = List.copyOf(numbers);
        getStyleClass().add("row-crowd");
        caption.setText(Crowds.caption(
                numbers.size(), noun, String.valueOf(numbers.getFirst()), String.valueOf(numbers.getLast())));
        grid = new CellGrid(numbers.size(), CrowdGrid.colsFor(numbers.size()));
        getChildren().addAll(caption, grid);
        setAccessibleText(caption.getText());
    }

    public List<Integer> numbers() {
        return numbers;
    }

    public CellGrid grid() {
        return grid;
    }

    /** Shows each row by its number: how it looks, whether the step changed it, what hovering it says. */
    void show(IntFunction<CellGrid.Look> look, IntPredicate changed, IntFunction<String> tip) {
        CellGrid.Look[] looks = new CellGrid.Look[numbers.size()];
        boolean[] touched = new boolean[numbers.size()];
        int n = 0;
        for (int i = 0; i < looks.length; i++) {
            looks[i] = look.apply(numbers.get(i));
            touched[i] = changed.test(numbers.get(i));
            n += touched[i] ? 1 : 0;
        }
        grid.show(looks, touched, i -> tip.apply(numbers.get(i)));
        setAccessibleText(caption.getText() + ", " + Crowds.count(n) + " changed by this step");
    }
}
