package org.diolab.app.stage;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Labeled;
import javafx.scene.layout.StackPane;
import org.diolab.TestLessons;
import org.diolab.app.stage.cast.LanePaths;
import org.diolab.app.stage.cast.StageCasting;
import org.diolab.app.stage.cast.ViolationMarks;
import org.diolab.app.stage.motion.ManualMotionClock;
import org.diolab.app.stage.motion.MotionPlanner;
import org.diolab.engine.Simulator;
import org.diolab.engine.Snapshot;
import org.diolab.engine.Trace;
import org.diolab.engine.invariant.Invariant;
import org.diolab.engine.invariant.Violation;
import org.diolab.engine.model.Ref;
import org.diolab.lesson.Lesson;
import org.diolab.lesson.PolicyChoice;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;

/**
 * The stage is true at every instant, in every lesson under every policy, step by step as a lecture plays them:
 *
 * <ul>
 *   <li>every text drawn in a step's transition before its cause (the DMA's packet landing) is the text of the step
 *       before — bytes, CRCs, marks, lanes, the banner, the wait-for loop — except on the objects the step creates;
 *       from the landing on, the texts are the step's own still picture;
 *   <li>the invariants the stage marks (the banner, marks on objects, the deadlock loop) are the ones the panel lists
 *       as violated at that step, and each one naming an object on show marks it.
 * </ul>
 *
 * Texts are read from the drawn nodes (visible labels, per card and lane), not from the values handed to them.
 */
@ExtendWith(ApplicationExtension.class)
class StageTruthTest {
    private static final Set<String> INVARIANTS = Invariant.explanations().keySet();

    @Test
    void everyInstantOfEveryStepShowsOnlyWhatHasHappened(FxRobot robot) {
        List<String> problems = new ArrayList<>();
        int[] checked = {0, 0};
        for (Lesson lesson : TestLessons.bundled().lessons()) {
            for (PolicyChoice c : lesson.policies()) {
                robot.interact(() -> walk(lesson, c, problems, checked));
            }
        }
        assertThat(checked[0]).as("steps walked").isGreaterThan(300);
        assertThat(checked[1]).as("transitions with a landing").isGreaterThan(40);
        assertThat(problems).isEmpty();
    }

    private static void walk(Lesson lesson, PolicyChoice choice, List<String> problems, int[] checked) {
        Trace trace = lesson.play(choice.policy());
        Simulator sim = lesson.simulator(choice.policy());
        LanePaths lanes = new LanePaths(sim, trace, StageCasting.threadTitles(lesson.scenario()));
        StageView view = new StageView();
        ManualMotionClock clock = new ManualMotionClock();
        view.clockProperty().set(clock);
        StackPane root = StageRun.offscreen(view, 1280, 720);
        view.setCast(StageCasting.of(sim, trace, StageCasting.threadTitles(lesson.scenario())));
        layout(root); // the skin and the cards' parts exist from here on; texts need no further pass
        StageProbe probe = StageProbe.of(view);
        Map<String, List<String>> before = null;
        for (int k = 0; k < trace.size(); k++) {
            String where = lesson.id() + "/" + choice.policy().id() + " step " + k;
            Snapshot s = trace.get(k);
            view.setFrame(new StageFrame(trace, k, lanes.at(k)));
            if (clock.running()) {
                double landing = landingOf(probe, s);
                Set<String> appearing = appearing(trace, k);
                if (landing > 0) {
                    checked[1]++;
                    for (double t : new double[] {0, landing * 0.99}) {
                        clock.seek(t);
                        differ(before, drawn(view, probe), appearing, where + " at " + t + " (before the landing)")
                                .forEach(problems::add);
                    }
                }
                clock.seek(landing);
                Map<String, List<String>> landed = drawn(view, probe);
                clock.finish();
                differ(drawn(view, probe), landed, Set.of(), where + " at the landing " + landing)
                        .forEach(problems::add);
            }
            Map<String, List<String>> still = drawn(view, probe);
            marks(s, still, probe, where, problems);
            before = still;
            checked[0]++;
        }
    }

    /** When the step's effects happen: its DMA's packet lands, or at once. */
    private static double landingOf(StageProbe probe, Snapshot s) {
        return probe.routes().stream().anyMatch(r -> r.kind() == org.diolab.app.stage.layout.ArrowKind.DMA)
                ? MotionPlanner.TRAVEL
                : 0;
    }

    /** The cards of objects step {@code k} creates: they appear as it starts. */
    private static Set<String> appearing(Trace trace, int k) {
        Set<String> out = new LinkedHashSet<>();
        var was = trace.get(k - 1).state().world();
        var now = trace.get(k).state().world();
        now.pages().keySet().stream()
                .filter(id -> !was.pages().containsKey(id))
                .forEach(id -> out.add("card " + Ref.page(id)));
        now.bios().keySet().stream()
                .filter(id -> !was.bios().containsKey(id))
                .forEach(id -> out.add("card " + Ref.bio(id)));
        now.work().keySet().stream()
                .filter(id -> !was.work().containsKey(id))
                .forEach(id -> out.add("card " + Ref.work(id)));
        return out;
    }

    /** What differs between two drawn pictures, but for the keys {@code except}. */
    private static List<String> differ(
            Map<String, List<String>> want, Map<String, List<String>> got, Set<String> except, String where) {
        List<String> out = new ArrayList<>();
        Set<String> keys = new TreeSet<>(want.keySet());
        keys.addAll(got.keySet());
        keys.removeAll(except);
        for (String key : keys) {
            List<String> a = want.getOrDefault(key, List.of());
            List<String> b = got.getOrDefault(key, List.of());
            if (!a.equals(b)) {
                out.add(where + ": " + key + " shows " + b + ", expected " + a);
            }
        }
        return out;
    }

    /**
     * The invariants the stage marks are those violated at {@code s}: the banner names the first and counts the
     * rest; a mark's text names its invariant; the deadlock tag stands for no-deadlock; each violation naming an
     * object on show (not in a crowd) marks it.
     */
    private static void marks(
            Snapshot s, Map<String, List<String>> still, StageProbe probe, String where, List<String> problems) {
        Set<String> violated = new TreeSet<>();
        s.violations().forEach(v -> violated.add(v.invariant()));
        String banner = still.get("banner").getFirst();
        if (violated.isEmpty() != banner.startsWith("✓")) {
            problems.add(where + ": banner reads '" + banner + "' with " + violated + " violated");
        }
        if (!s.violations().isEmpty()) {
            Violation first = s.violations().getFirst();
            if (!banner.startsWith("✗ " + first.invariant() + " violated")) {
                problems.add(where + ": banner reads '" + banner + "', the panel lists " + violated);
            }
            int more = s.violations().size() - 1;
            if (more > 0 != banner.endsWith("(+" + more + " more)")) {
                problems.add(where + ": banner reads '" + banner + "' for "
                        + s.violations().size() + " violations");
            }
        }
        Set<String> marked = new TreeSet<>();
        still.forEach((key, texts) -> {
            if (key.equals("banner")) {
                return;
            }
            for (String id : INVARIANTS) {
                String mark = ViolationMarks.of(id);
                if (texts.stream().anyMatch(t -> t.contains(mark))) {
                    marked.add(id);
                }
            }
            if (texts.stream().anyMatch(t -> t.startsWith("⟲ deadlock"))) {
                marked.add(Invariant.NO_DEADLOCK);
            }
        });
        if (!violated.containsAll(marked)) {
            problems.add(where + ": the stage marks " + marked + ", the panel lists " + violated);
        }
        for (Violation v : s.violations()) {
            for (Ref r : v.refs()) {
                Ref card = r instanceof Ref.Block b ? Ref.device(b.device()) : r instanceof Ref.Csum ? Ref.csums() : r;
                List<String> texts = still.get("card " + card);
                if (texts == null || probe.layout().crowdOf(r) != null) {
                    continue; // not on show, or a member of a crowd (marked by its cell's colour)
                }
                String mark = ViolationMarks.of(v.invariant());
                if (texts.stream().noneMatch(t -> t.contains(mark))) {
                    problems.add(where + ": " + r + " is named by " + v.invariant() + " but shows " + texts);
                }
            }
        }
        if (violated.contains(Invariant.NO_DEADLOCK) && !marked.contains(Invariant.NO_DEADLOCK)) {
            boolean cycle = still.values().stream().flatMap(List::stream).anyMatch(t -> t.startsWith("⟲"));
            if (cycle) {
                problems.add(where + ": deadlocked, yet the loop is not named a deadlock");
            }
        }
    }

    /**
     * The texts drawn now, by what they belong to: each card on show ("card " + ref), each lane ("lane " + id), the
     * banner, the wait-for loop's tag ("loops"). Only visible labels; none of the moving packets.
     */
    private static Map<String, List<String>> drawn(StageView view, StageProbe probe) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        out.put("banner", List.of(((Labeled) view.lookup("#stage-banner")).getText()));
        for (Ref r : probe.layout().cards().keySet()) {
            probe.card(r).filter(StageTruthTest::showing).ifPresent(card -> out.put("card " + r, texts(card)));
        }
        for (String lane : probe.layout().lanes().keySet()) {
            probe.lane(lane).filter(StageTruthTest::showing).ifPresent(row -> out.put("lane " + lane, texts(row)));
        }
        List<String> loops = new ArrayList<>();
        view.lookupAll(".deadlock-tag").forEach(n -> loops.add(((Labeled) n).getText()));
        view.lookupAll(".cycle-tag").forEach(n -> loops.add(((Labeled) n).getText()));
        out.put("loops", loops);
        return out;
    }

    private static boolean showing(Node n) {
        for (Node at = n; at != null; at = at.getParent()) {
            if (!at.isVisible()) {
                return false;
            }
        }
        return true;
    }

    private static List<String> texts(Node root) {
        List<String> out = new ArrayList<>();
        collect(root, out);
        return out;
    }

    private static void collect(Node n, List<String> out) {
        if (!n.isVisible()) {
            return;
        }
        if (n instanceof Labeled l && l.getText() != null && !l.getText().isEmpty()) {
            out.add(l.getText());
        }
        if (n instanceof Parent p) {
            p.getChildrenUnmodifiable().forEach(c -> collect(c, out));
        }
    }

    private static void layout(StackPane root) {
        root.applyCss();
        root.layout();
    }
}
