package org.diolab.app.stage;

import java.util.List;
import javafx.geometry.Rectangle2D;
import javafx.scene.Node;
import javafx.scene.layout.Region;
import org.diolab.engine.model.Ref;

/** The stage's nodes as the motion planner needs them; the skin answers. {@code null} where there is none. */
interface StageNodes {
    StageCard<?> card(Ref ref);

    Rectangle2D rect(Ref ref);

    ByteCells pageCells(String page);

    ByteCells blockCells(String device, int block);

    Node pinIcon(String page);

    Node csumRow(int block);

    Node crcLabel(String device, int block);

    List<? extends Node> waiterChips();

    /** A fresh packet chip in the motion layer, carrying {@code text}. */
    Region packet(String text);
}
