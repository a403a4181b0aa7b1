package org.diolab.app.stage;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.image.PixelFormat;
import javafx.scene.image.WritableImage;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import org.diolab.lesson.Lesson;
import org.diolab.lesson.LessonLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * What {@link Culling} changes is what is drawn, never what is seen: at every step of two lessons, framed by the
 * camera at 1920×1080 and 1280×720, the stage's pixels with the culling clips and without them are the same, every
 * node's own parts lie inside its clip, and some nodes are out of view (so the culling is exercised).
 */
@ExtendWith(ApplicationExtension.class)
class StageCullingTest {
    private StageView view;
    private StackPane root;

    @Start
    void start(Stage stage) {
        view = new StageView();
        view.reducedMotionProperty().set(true);
        root = StageRun.offscreen(view, 1920, 1080);
        stage.show();
    }

    @Test
    void theStageLooksTheSameWithAndWithoutCulling(FxRobot robot) {
        for (String id : List.of("raid1-mirrors-diverge", "exclusive-pin-deadlock")) {
            Lesson lesson = LessonLoader.loadBundled().find(id).orElseThrow();
            StageRun run = new StageRun(lesson);
            for (int[] size : new int[][] {{1920, 1080}, {1280, 720}}) {
                int[] culled = {0};
                robot.interact(() -> {
                    run.cast(view);
                    for (int step = 0; step < run.trace.size(); step++) {
                        int i = step;
                        run.show(view, i);
                        layOut(size);
                        Map<Node, Node> clips = clips();
                        assertThat(clips).isNotEmpty();
                        clips.keySet().forEach(n -> assertThat(drawnWithin(n))
                                .as("%s step %d: %s draws inside its clip", id, i, n)
                                .isTrue());
                        culled[0] += outOfView(clips.keySet());
                        int[] with = pixels(view.snapshot(null, null));
                        clips.keySet().forEach(n -> n.setClip(null));
                        int[] without = pixels(view.snapshot(null, null));
                        clips.forEach(Node::setClip);
                        assertThat(with)
                                .as("%s step %d at %dx%d: the same pixels", id, i, size[0], size[1])
                                .isEqualTo(without);
                    }
                });
                assertThat(culled[0]).as("%s at %dx%d: nodes out of view", id, size[0], size[1]).isPositive();
            }
        }
    }

    private void layOut(int[] size) {
        root.applyCss();
        root.resize(size[0], size[1]);
        root.layout();
    }

    /** The stage's culling clips, by node. */
    private Map<Node, Node> clips() {
        Map<Node, Node> out = new LinkedHashMap<>();
        for (Node n : ((StageContent) view.lookup(".stage-content")).getChildrenUnmodifiable()) {
            if (n.getClip() != null) {
                out.put(n, n.getClip());
            }
        }
        return out;
    }

    /** Whether every part of {@code n} (its children's bounds, unclipped) lies inside its clip. */
    private static boolean drawnWithin(Node n) {
        Bounds clip = n.getClip().getBoundsInLocal();
        List<Node> parts = new ArrayList<>(((javafx.scene.Parent) n).getChildrenUnmodifiable());
        return parts.stream().filter(Node::isVisible).allMatch(p -> clip.contains(p.getBoundsInParent()));
    }

    /** How many of {@code nodes} the viewport does not show at all. */
    private int outOfView(Iterable<Node> nodes) {
        Node viewport = view.lookup(".stage-viewport");
        Bounds seen = viewport.localToScene(viewport.getLayoutBounds());
        int n = 0;
        for (Node node : nodes) {
            if (node.isVisible() && !seen.intersects(node.localToScene(node.getLayoutBounds()))) {
                n++;
            }
        }
        return n;
    }

    private static int[] pixels(WritableImage img) {
        int w = (int) img.getWidth();
        int h = (int) img.getHeight();
        int[] out = new int[w * h];
        img.getPixelReader().getPixels(0, 0, w, h, PixelFormat.getIntArgbInstance(), out, 0, w);
        return out;
    }
}
