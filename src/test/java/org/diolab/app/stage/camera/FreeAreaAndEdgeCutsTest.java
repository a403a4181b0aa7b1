package org.diolab.app.stage.camera;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import javafx.geometry.Rectangle2D;
import org.junit.jupiter.api.Test;

/** The part of the viewport a cover leaves free, and shots that slide off the cards' edges. */
class FreeAreaAndEdgeCutsTest {
    @Test
    void aNoteInTheLowerCornerLeavesTheLargerSideFree() {
        // 880×600, a note 500×50 at the lower left with 24 px margins: above it is larger than right of it.
        Rectangle2D free = FreeArea.of(880, 600, List.of(new Rectangle2D(24, 526, 500, 50)));
        assertThat(free).isEqualTo(new Rectangle2D(0, 0, 880, 526));
        // A pane down the left side: what is right of it.
        assertThat(FreeArea.of(880, 600, List.of(new Rectangle2D(-10, 0, 290, 600))))
                .isEqualTo(new Rectangle2D(280, 0, 600, 600));
        // Outside the viewport, or leaving too little: no effect.
        assertThat(FreeArea.of(880, 600, List.of(new Rectangle2D(900, 0, 100, 100))))
                .isEqualTo(new Rectangle2D(0, 0, 880, 600));
        assertThat(FreeArea.of(880, 600, List.of(new Rectangle2D(0, 0, 880, 600))))
                .isEqualTo(new Rectangle2D(0, 0, 880, 600));
    }

    @Test
    void aShotForTheFreePartIsCentredOnIt() {
        Rectangle2D card = new Rectangle2D(400, 300, 200, 100);
        Rectangle2D free = new Rectangle2D(280, 0, 600, 600);
        Shot s = Framing.follow(card, card, List.of(), 1, Framing.MAX_SCALE, List.of(card), 2000, 1000, free, 880, 600);
        // The card's centre is drawn at the free part's centre: x = 580 px of the viewport.
        double screenX = 880 / 2.0 + (500 - s.centerX()) * s.scale();
        assertThat(screenX).isCloseTo(580, within(1e-6));
        Rectangle2D seen = s.seen(880, 600);
        double left = seen.getMinX() + 280 / s.scale();
        assertThat(card.getMinX()).isGreaterThanOrEqualTo(left);
    }

    @Test
    void theFrameSlidesToShowACardItCutWholeWhileWhatChangedStaysInView() {
        // A 600-unit view at scale 1: what changed spans 300..700; a card at 180..420 is cut by the left edge at 200.
        Rectangle2D must = new Rectangle2D(300, 100, 400, 100);
        List<double[]> boxes = List.of(new double[] {180, 420}, new double[] {300, 700});
        double c = EdgeCuts.slide(500, 600, must.getMinX(), must.getMaxX(), boxes, 2000, 12);
        assertThat(EdgeCuts.cuts(500, 600, boxes)).isEqualTo(1);
        assertThat(EdgeCuts.cuts(c, 600, boxes)).isZero();
        assertThat(c - 300).isLessThanOrEqualTo(must.getMinX() - 12 + 1e-9);
        assertThat(c + 300).isGreaterThanOrEqualTo(must.getMaxX() + 12 - 1e-9);
    }

    @Test
    void theFrameDoesNotSlideWhatChangedOutOfViewNorPastTheStage() {
        // The cut card cannot come in without losing what changed, nor go out: the shot stays.
        Rectangle2D must = new Rectangle2D(212, 100, 576, 100);
        List<double[]> boxes = List.of(new double[] {100, 400});
        assertThat(EdgeCuts.slide(500, 600, must.getMinX(), must.getMaxX(), boxes, 2000, 12))
                .isEqualTo(500);
        // At the stage's left end, a card cut by the right edge: in, it would lose what changed; out, the view would
        // look past the stage's edge. The shot stays.
        List<double[]> right = List.of(new double[] {550, 700});
        assertThat(EdgeCuts.slide(300, 600, 20, 300, right, 2000, 12)).isEqualTo(300);
    }
}
