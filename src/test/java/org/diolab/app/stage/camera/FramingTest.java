package org.diolab.app.stage.camera;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import javafx.geometry.Rectangle2D;
import org.diolab.engine.model.Ref;
import org.junit.jupiter.api.Test;

/** The camera's choice of shot, on a 1200×700 stage seen through an 880×600 viewport. */
class FramingTest {
    private static final double W = 1200;
    private static final double H = 700;
    private static final double VW = 880;
    private static final double VH = 600;

    @Test
    void theOverviewShowsTheWholeStage() {
        Shot s = Framing.overview(W, H, VW, VH);
        Rectangle2D seen = s.seen(VW, VH);
        assertThat(seen.contains(new Rectangle2D(0, 0, W, H))).isTrue();
        assertThat(s.scale()).isLessThan(0.74);
    }

    @Test
    void aSmallRegionIsFramedCloseUpToTheLimitAndCentred() {
        Rectangle2D card = new Rectangle2D(600, 300, 300, 100);
        Shot s = Framing.follow(card, card, 1.3, Framing.MAX_SCALE, List.of(), W, H, VW, VH);
        assertThat(s.scale()).isCloseTo(Math.min(Framing.MAX_SCALE, (VW - 2 * Framing.MARGIN) / 300), within(1e-9));
        assertThat(s.centerX()).isCloseTo(750, within(1e-9));
        assertThat(s.seen(VW, VH).contains(card)).isTrue();
    }

    @Test
    void aRegionTooWideToReadFramesWhatChangedReadablyAndKeepsItInView() {
        Rectangle2D all = new Rectangle2D(50, 100, 1100, 300);
        Rectangle2D changed = new Rectangle2D(700, 200, 400, 100);
        Shot s = Framing.follow(all, changed, 1.6, Framing.MAX_SCALE, List.of(), W, H, VW, VH);
        assertThat(s.scale()).isCloseTo(1.6, within(1e-9));
        assertThat(s.seen(VW, VH).contains(changed)).isTrue();
        // It leans toward the rest of the region as far as keeps the change in view.
        assertThat(s.centerX()).isLessThan(900);
    }

    @Test
    void neverSmallerThanTheWholeSceneNorPastTheStageEdges() {
        Rectangle2D huge = new Rectangle2D(0, 0, 5000, 5000);
        Shot s = Framing.follow(huge, null, 1.6, Framing.MAX_SCALE, List.of(), W, H, VW, VH);
        assertThat(s.scale()).isCloseTo(Framing.overview(W, H, VW, VH).scale(), within(1e-9));
        Rectangle2D corner = new Rectangle2D(0, 0, 100, 50);
        Rectangle2D seen = Framing.follow(corner, corner, 1.0, Framing.MAX_SCALE, List.of(), W, H, VW, VH)
                .seen(VW, VH);
        assertThat(seen.getMinX()).isGreaterThanOrEqualTo(-1e-9);
        assertThat(seen.getMinY()).isGreaterThanOrEqualTo(-1e-9);
    }

    @Test
    void aGlideStartsAndEndsOnItsShotsAndZoomsByEqualFactors() {
        Shot a = new Shot(0.5, 600, 350);
        Shot b = new Shot(2, 200, 100);
        assertThat(a.toward(b, 0)).isEqualTo(a);
        Shot end = a.toward(b, 1);
        assertThat(end.scale()).isCloseTo(2, within(1e-9));
        assertThat(end.centerX()).isCloseTo(200, within(1e-9));
        assertThat(a.toward(b, 0.5).scale()).isCloseTo(1, within(1e-9));
    }

    @Test
    void whatChangedTooWideToReadIsFramedReadablyWhereItWeighsMost() {
        // A page far left; the disk (two blocks changed) and the checksum table far right: at 1.6 the view is 550
        // units wide, what changed 1,130.
        Rectangle2D page = new Rectangle2D(20, 300, 100, 60);
        Rectangle2D disk = new Rectangle2D(900, 200, 250, 150);
        Rectangle2D csums = new Rectangle2D(900, 380, 250, 80);
        List<Focus.Part> parts = List.of(
                new Focus.Part(Ref.page("P"), "page P", page, 1, true),
                new Focus.Part(Ref.device("disk"), "disk", disk, 2, true),
                new Focus.Part(Ref.csums(), "checksums", csums, 1, true));
        Rectangle2D changed = Focus.union(Focus.union(page, disk), csums);
        Shot s = Framing.follow(changed, changed, 1.6, Framing.MAX_SCALE, parts, W, H, VW, VH);
        assertThat(s.scale()).isCloseTo(1.6, within(1e-9));
        Rectangle2D seen = s.seen(VW, VH);
        assertThat(seen.contains(disk)).isTrue();
        assertThat(seen.contains(csums)).isTrue();
        assertThat(seen.intersects(page)).isFalse();
        // Without parts to weigh, it zooms out to show all that changed, as before.
        Shot all = Framing.follow(changed, changed, 1.6, Framing.MAX_SCALE, List.of(), W, H, VW, VH);
        assertThat(all.scale()).isLessThan(1.6);
        assertThat(all.seen(VW, VH).contains(changed)).isTrue();
    }
}
