package org.diolab.app.stage;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import javafx.geometry.Point2D;
import javafx.geometry.Rectangle2D;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import org.diolab.BigLessons;
import org.diolab.app.stage.cards.DeviceCard;
import org.diolab.app.stage.cards.PageCrowd;
import org.diolab.app.stage.cards.RowCrowd;
import org.diolab.app.stage.cast.Column;
import org.diolab.app.stage.layout.ArrowKind;
import org.diolab.app.stage.layout.Crowd;
import org.diolab.app.stage.layout.Route;
import org.diolab.app.stage.layout.StageLayout;
import org.diolab.engine.model.Ref;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * A write of hundreds of pages (a generated RAID1 lesson): the pages that only ever change together are drawn as one
 * crowd of cells, as are the blocks they land on, so the stage has as many nodes for 400 pages as for 40; B, which T2
 * stores into, and the readers' pages keep their cards; every step still passes the geometry checks; one arrow stands
 * for all the bvecs into the crowd; and hovering a cell names its page.
 */
@ExtendWith(ApplicationExtension.class)
class StageCrowdTest {
    private static final int W = 1920;
    private static final int H = 1080;
    private StageView view;
    private StageProbe probe;
    private StackPane root;

    @Start
    void start(Stage stage) {
        view = new StageView();
        probe = StageProbe.of(view);
        view.reducedMotionProperty().set(true);
        root = StageRun.offscreen(view, W, H);
        stage.show();
    }

    @Test
    void aLargeWriteIsOneCrowdOfCellsAndEveryStepStillChecksOut(FxRobot robot, @TempDir Path dir) throws Exception {
        StageRun small = new StageRun(BigLessons.raid1Write(dir.resolve("40"), 40));
        StageRun large = new StageRun(BigLessons.raid1Write(dir.resolve("400"), 400));
        int[] nodes = new int[2];
        List<String> problems = new ArrayList<>();
        robot.interact(() -> {
            small.cast(view);
            show(small, small.trace.size() - 1);
            nodes[0] = nodes(view);
            large.cast(view);
            Set<Ref> before = null;
            for (int i = 0; i < large.trace.size(); i++) {
                show(large, i);
                problems.addAll(StageChecks.step(view, large.trace.get(i), before, "step " + i));
                if (probe.routes().size() > 6) {
                    problems.add("step " + i + ": " + probe.routes().size() + " arrows");
                }
                before = probe.shown();
            }
            nodes[1] = nodes(view);
        });
        assertThat(problems).isEmpty();
        assertThat(nodes[1]).as("nodes for 400 pages vs 40").isEqualTo(nodes[0]);

        StageLayout layout = probe.layout();
        assertThat(layout.crowds()).singleElement().satisfies(k -> {
            assertThat(k.column()).isEqualTo(Column.USER);
            assertThat(k.members()).hasSize(400).startsWith(Ref.page("P0")).endsWith(Ref.page("P399"));
            assertThat(k.caption()).isEqualTo("400 user pages · P0 … P399");
        });
        for (String lead : List.of("B", "R0", "R1")) {
            assertThat(probe.card(Ref.page(lead))).as(lead).isPresent();
        }
        assertThat(probe.card(Ref.page("P17"))).isEmpty();
        assertThat(layout.card(Ref.page("P17"))).as("P17's cell").isNotNull();
    }

    @Test
    void arrowsAreBundledAndACellTellsWhatItHolds(FxRobot robot, @TempDir Path dir) throws Exception {
        StageRun run = new StageRun(BigLessons.raid1Write(dir, 100));
        int dmaStep = -1;
        for (int i = 0; i < run.trace.size() && dmaStep < 0; i++) {
            if (run.trace.get(i).changed().contains(Ref.block("leg1", 1))) {
                dmaStep = i; // leg1's DMA of the write
            }
        }
        int at = dmaStep;
        robot.interact(() -> {
            run.cast(view);
            show(run, at);
        });
        List<Route> dma =
                probe.routes().stream().filter(r -> r.kind() == ArrowKind.DMA).toList();
        assertThat(dma).as("B's transfer, and one for the 100 crowded pages").hasSize(4);
        assertThat(dma).filteredOn(r -> r.count() == 100).hasSize(2);
        assertThat(dma).filteredOn(r -> r.to().equals(Ref.device("leg1"))).singleElement();

        PageCrowd crowd = (PageCrowd) view.lookup("#crowd-user");
        Crowd k = crowd.crowd();
        int p17 = k.index().get(Ref.page("P17"));
        Rectangle2D cell = crowd.grid().cell(p17);
        // The cell the layout gives P17 (where arrows end) is where the grid draws it.
        Point2D inContent = onFx(robot, () -> {
            Node content = view.lookup(".stage-content");
            return content.sceneToLocal(crowd.grid().localToScene(cell.getMinX(), cell.getMinY()));
        });
        assertThat(inContent.getX()).isCloseTo(k.cell(p17).getMinX(), org.assertj.core.data.Offset.offset(0.5));
        assertThat(inContent.getY()).isCloseTo(k.cell(p17).getMinY(), org.assertj.core.data.Offset.offset(0.5));

        String tip = onFx(robot, () -> {
            Point2D scene = crowd.grid().localToScene(cell.getMinX() + 5, cell.getMinY() + 5);
            crowd.grid()
                    .fireEvent(new MouseEvent(
                            MouseEvent.MOUSE_MOVED,
                            scene.getX(),
                            scene.getY(),
                            scene.getX(),
                            scene.getY(),
                            MouseButton.NONE,
                            0,
                            false,
                            false,
                            false,
                            false,
                            false,
                            false,
                            false,
                            false,
                            false,
                            false,
                            null));
            return crowd.grid().tooltip().getText();
        });
        assertThat(tip).startsWith("P17 · user page · holds 0017 · ");

        DeviceCard leg1 = (DeviceCard) probe.card(Ref.device("leg1")).orElseThrow();
        RowCrowd blocks = (RowCrowd) leg1.lookup(".row-crowd");
        assertThat(blocks.numbers()).hasSize(100).startsWith(1).endsWith(100);
        assertThat(leg1.lookupAll(".block-row"))
                .as("block 0, the one the legs disagree on")
                .hasSize(1);
    }

    private static <T> T onFx(FxRobot robot, java.util.concurrent.Callable<T> c) {
        Object[] out = new Object[1];
        robot.interact(() -> {
            try {
                out[0] = c.call();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        @SuppressWarnings("unchecked")
        T t = (T) out[0];
        return t;
    }

    private static int nodes(Node n) {
        return 1
                + (n instanceof Parent p
                        ? p.getChildrenUnmodifiable().stream()
                                .mapToInt(StageCrowdTest::nodes)
                                .sum()
                        : 0);
    }

    /** Shows step {@code i} of {@code run} and lays the stage out (an unshown scene gets no pulses). */
    private void show(StageRun run, int i) {
        run.show(view, i);
        root.applyCss();
        root.resize(W, H);
        root.layout();
    }
}
