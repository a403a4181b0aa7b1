package org.diolab.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javafx.geometry.Point2D;
import javafx.geometry.Rectangle2D;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Labeled;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.diolab.app.stage.Heading;
import org.diolab.app.stage.Route;
import org.diolab.app.stage.StageLayout;
import org.diolab.app.stage.StageView;
import org.diolab.engine.Snapshot;
import org.diolab.engine.Trace;
import org.diolab.engine.model.Ref;
import org.diolab.lesson.Lesson;
import org.diolab.lesson.LessonLibrary;
import org.diolab.lesson.LessonLoader;
import org.diolab.lesson.PolicyChoice;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * For every lesson, policy and step, at 1280×720 and 1920×1080: what the step changes is inside the visible part of
 * the stage, no two cards overlap, no arrow crosses a card or a heading, and no label on the stage is cut. The stage
 * is laid out once per lesson and policy; each step only updates it, so the checks run on every step cheaply.
 */
@ExtendWith(ApplicationExtension.class)
class StageGeometryTest {
    private final LessonLibrary library = LessonLoader.loadBundled();

    @Start
    void start(Stage stage) {
        stage.show();
    }

    @Test
    void everyStepOfEveryLessonFitsAtProjectorSize(FxRobot robot) {
        check(robot, 1280, 720, false);
    }

    @Test
    void everyStepOfEveryLessonFitsAtFullHdInPresenterMode(FxRobot robot) {
        check(robot, 1920, 1080, true);
    }

    private void check(FxRobot robot, int width, int height, boolean presenting) {
        LessonViewModel vm = new LessonViewModel();
        MainWindow[] w = new MainWindow[1];
        robot.interact(() -> {
            w[0] = FxTestSupport.offscreen(library, vm, width, height);
            w[0].presenter().onProperty().set(presenting);
        });
        List<String> problems = new ArrayList<>();
        int[] steps = {0};
        for (Lesson l : library.lessons()) {
            for (PolicyChoice c : l.policies()) {
                robot.interact(() -> {
                    w[0].openLesson(l.id());
                    vm.selectPolicy(c.policy());
                    FxTestSupport.relayout(w[0], width, height);
                    StageView stage = w[0].stageView();
                    String where = l.id() + "/" + c.policy().id();
                    Trace t = vm.traceProperty().get();
                    for (int i = 0; i < t.size(); i++) {
                        vm.goTo(i);
                        // The window around the stage does not change with the step: lay out the stage alone.
                        stage.applyCss();
                        stage.layout();
                        problems.addAll(overlaps(stage.layoutInUse(), stage.shown(), where + " step " + i));
                        problems.addAll(checkStep(stage, t.get(i), where + " step " + i));
                        steps[0]++;
                    }
                });
            }
        }
        assertThat(problems)
                .as("%dx%d%s", width, height, presenting ? " presenter" : "")
                .isEmpty();
        assertThat(steps[0]).isGreaterThan(300);
    }

    /**
     * Cards on show, lanes and headings never overlap one another. (Two objects never on show at the same time may
     * share a place: a read bio takes the slot a finished write left.)
     */
    private static List<String> overlaps(StageLayout layout, Set<Ref> shown, String where) {
        List<String> out = new ArrayList<>();
        List<Map.Entry<String, Rectangle2D>> boxes = new ArrayList<>();
        layout.cards().forEach((r, b) -> {
            if (shown.contains(r)) {
                boxes.add(Map.entry(r.toString(), b));
            }
        });
        layout.lanes().forEach((a, b) -> boxes.add(Map.entry("lane " + a, b)));
        layout.headings().forEach(h -> boxes.add(Map.entry("heading " + h.text(), h.box())));
        for (int i = 0; i < boxes.size(); i++) {
            for (int j = i + 1; j < boxes.size(); j++) {
                if (inset(boxes.get(i).getValue(), 0.5)
                        .intersects(inset(boxes.get(j).getValue(), 0.5))) {
                    out.add(where + ": " + boxes.get(i).getKey() + " overlaps "
                            + boxes.get(j).getKey());
                }
            }
        }
        return out;
    }

    private static List<String> checkStep(StageView stage, Snapshot s, String where) {
        List<String> out = new ArrayList<>();
        StageLayout layout = stage.layoutInUse();
        Rectangle2D seen = stage.visibleArea();
        Set<Ref> shown = stage.shown();
        for (Ref r : s.changed()) {
            Rectangle2D box = layout.card(
                    switch (r) {
                        case Ref.Block b -> Ref.device(b.device());
                        case Ref.Csum c -> Ref.csums();
                        default -> r;
                    });
            if (box != null && shown.contains(r) && !contains(seen, box)) {
                out.add(where + ": changed " + r + " at " + box + " is outside the view " + seen);
            }
        }
        for (Route route : stage.routes()) {
            for (int i = 1; i < route.points().size(); i++) {
                Point2D a = route.points().get(i - 1);
                Point2D b = route.points().get(i);
                layout.cards().forEach((ref, box) -> {
                    boolean end = ref.equals(route.from())
                            || ref.equals(route.to())
                            || owns(ref, route.from())
                            || owns(ref, route.to());
                    if (!end && shown.contains(ref) && crosses(a, b, inset(box, 1.5))) {
                        out.add(where + ": " + route.kind() + " arrow " + route.from() + "→" + route.to() + " crosses "
                                + ref);
                    }
                });
                for (Heading h : layout.headings()) {
                    if (crosses(a, b, inset(h.box(), 1.5))) {
                        out.add(where + ": arrow " + route.from() + "→" + route.to() + " crosses " + h.text());
                    }
                }
            }
        }
        truncated(stage, out, where);
        for (Ref ref : shown) {
            stage.card(ref).ifPresent(card -> overflow(card, card, out, where + " " + ref));
        }
        layout.lanes()
                .keySet()
                .forEach(a -> stage.lane(a).ifPresent(lane -> overflow(lane, lane, out, where + " lane " + a)));
        return out;
    }

    /** Every label of a card lies inside the card: text never runs over its edge (badges hang over on purpose). */
    private static void overflow(Parent card, Node n, List<String> out, String where) {
        if (!n.isVisible() || n.getStyleClass().contains("violation-badge")) {
            return;
        }
        if (n instanceof Labeled l && l.getText() != null && !l.getText().isEmpty()) {
            javafx.geometry.Bounds b = card.sceneToLocal(l.localToScene(l.getLayoutBounds()));
            javafx.geometry.Bounds c = card.getLayoutBounds();
            if (b.getMinX() < c.getMinX() - 1
                    || b.getMaxX() > c.getMaxX() + 1
                    || b.getMinY() < c.getMinY() - 1
                    || b.getMaxY() > c.getMaxY() + 1) {
                out.add(where + ": '" + l.getText() + "' runs over the edge of its card (" + box(b) + " in " + box(c)
                        + ")");
            }
        }
        if (n instanceof Parent p && !(n instanceof Labeled)) {
            p.getChildrenUnmodifiable().forEach(c -> overflow(card, c, out, where));
        }
    }

    private static String box(javafx.geometry.Bounds b) {
        return String.format("%.0f,%.0f–%.0f,%.0f", b.getMinX(), b.getMinY(), b.getMaxX(), b.getMaxY());
    }

    /** A card owns the refs drawn on it: a device its blocks, the checksum table its rows. */
    private static boolean owns(Ref card, Ref part) {
        return part instanceof Ref.Block b && card.equals(Ref.device(b.device()))
                || part instanceof Ref.Csum && card.equals(Ref.csums());
    }

    /** Every visible label on the stage shows its whole text (no "…"). */
    private static void truncated(Node n, List<String> out, String where) {
        if (!n.isVisible()) {
            return;
        }
        if (n instanceof Labeled l
                && l.getText() != null
                && !l.getText().isEmpty()
                && l.lookup(".text") instanceof Text shown
                && !shown.getText().equals(l.getText())
                && !(l.isWrapText()
                        && shown.getText()
                                .replace("\n", " ")
                                .strip()
                                .equals(l.getText().strip()))) {
            out.add(where + ": label cut: '" + l.getText() + "' shows '" + shown.getText() + "'");
        }
        if (n instanceof Parent p && !(n instanceof Labeled)) {
            p.getChildrenUnmodifiable().forEach(c -> truncated(c, out, where));
        }
    }

    private static boolean contains(Rectangle2D outer, Rectangle2D inner) {
        return inner.getMinX() >= outer.getMinX() - 1
                && inner.getMinY() >= outer.getMinY() - 1
                && inner.getMaxX() <= outer.getMaxX() + 1
                && inner.getMaxY() <= outer.getMaxY() + 1;
    }

    private static Rectangle2D inset(Rectangle2D r, double d) {
        return new Rectangle2D(
                r.getMinX() + d,
                r.getMinY() + d,
                Math.max(0, r.getWidth() - 2 * d),
                Math.max(0, r.getHeight() - 2 * d));
    }

    /** Whether the axis-parallel segment a-b passes through the inside of {@code r}. */
    private static boolean crosses(Point2D a, Point2D b, Rectangle2D r) {
        double minX = Math.min(a.getX(), b.getX());
        double maxX = Math.max(a.getX(), b.getX());
        double minY = Math.min(a.getY(), b.getY());
        double maxY = Math.max(a.getY(), b.getY());
        return maxX > r.getMinX() && minX < r.getMaxX() && maxY > r.getMinY() && minY < r.getMaxY();
    }
}
