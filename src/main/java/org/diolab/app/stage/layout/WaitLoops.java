package org.diolab.app.stage.layout;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javafx.geometry.Rectangle2D;
import javafx.scene.Group;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.shape.CubicCurveTo;
import javafx.scene.shape.MoveTo;
import javafx.scene.shape.Path;
import javafx.scene.shape.Polygon;
import org.diolab.app.stage.cast.ActorLane;
import org.diolab.app.stage.cast.LaneState;

/**
 * A deadlock's wait-for cycle, drawn as a loop down the lanes' left margin: an arrow from each waiting actor's lane to
 * the lane of the actor it waits for, closing on itself, labelled "deadlock".
 */
public final class WaitLoops {
    private WaitLoops() {}

    /** The actors on some wait-for cycle among the lanes, in cycle order (empty if there is none). */
    public static List<String> cycle(List<ActorLane> lanes) {
        Map<String, List<String>> waits = new HashMap<>();
        lanes.stream().filter(l -> l.state() == LaneState.BLOCKED).forEach(l -> waits.put(l.id(), l.waitsFor()));
        for (String start : waits.keySet().stream().sorted().toList()) {
            List<String> path = new ArrayList<>();
            Set<String> seen = new LinkedHashSet<>();
            String at = start;
            while (at != null && seen.add(at)) {
                path.add(at);
                List<String> next = waits.get(at);
                at = next == null
                        ? null
                        : next.stream().filter(waits::containsKey).findFirst().orElse(null);
            }
            if (at != null) {
                return List.copyOf(path.subList(path.indexOf(at), path.size()));
            }
        }
        return List.of();
    }

    /**
     * @param deadlock whether the run has been found stuck ({@code no-deadlock} is violated): the loop is then drawn
     *                 and named as the deadlock; before, the cycle is drawn as what it is, threads waiting in a circle
     */
    public static List<Node> draw(
            List<String> cycle, Map<String, Rectangle2D> lanes, Rectangle2D band, boolean deadlock) {
        List<Node> out = new ArrayList<>();
        if (cycle.size() < 2) {
            return out;
        }
        for (int i = 0; i < cycle.size(); i++) {
            Rectangle2D a = lanes.get(cycle.get(i));
            Rectangle2D b = lanes.get(cycle.get((i + 1) % cycle.size()));
            if (a == null || b == null) {
                continue;
            }
            double x0 = a.getMinX();
            double ya = a.getMinY() + a.getHeight() * (i % 2 == 0 ? 0.35 : 0.65);
            double yb = b.getMinY() + b.getHeight() * (i % 2 == 0 ? 0.35 : 0.65);
            double bulge = band.getMinX() + 6 + (i % 2) * 14;
            Path p = new Path(new MoveTo(x0, ya), new CubicCurveTo(bulge, ya, bulge, yb, x0, yb));
            p.getStyleClass().add("arrow-line");
            Polygon head = new Polygon(x0, yb, x0 - 10, yb - 5, x0 - 10, yb + 5);
            head.getStyleClass().add("arrow-head");
            Group g = new Group(p, head);
            g.getStyleClass().addAll("arrow", "wait-loop");
            if (deadlock) {
                g.getStyleClass().add("deadlock");
            }
            out.add(g);
        }
        Label tag = new Label((deadlock ? "⟲ deadlock: " : "⟲ wait-for cycle: ") + String.join(" → ", cycle) + " → "
                + cycle.getFirst());
        tag.getStyleClass().add(deadlock ? "deadlock-tag" : "cycle-tag");
        Rectangle2D first = lanes.get(cycle.getFirst());
        if (first != null) {
            tag.relocate(first.getMaxX() - 360, first.getMinY() - 22);
        }
        out.add(tag);
        return out;
    }
}
