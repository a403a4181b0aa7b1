package org.diolab.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import javafx.geometry.Bounds;
import javafx.geometry.Point2D;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.layout.Region;
import javafx.scene.paint.Paint;
import javafx.scene.shape.Path;
import javafx.stage.Stage;
import org.diolab.app.lesson.LessonViewModel;
import org.diolab.app.stage.StageProbe;
import org.diolab.app.stage.StageView;
import org.diolab.app.stage.camera.CameraMode;
import org.diolab.app.stage.cards.ByteCells;
import org.diolab.app.stage.cards.LaneRow;
import org.diolab.app.stage.layout.Anchor;
import org.diolab.app.stage.layout.ArrowKind;
import org.diolab.app.stage.layout.Route;
import org.diolab.engine.model.Ref;
import org.diolab.lesson.LessonLibrary;
import org.diolab.lesson.LessonLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The key step of three lessons at 1280×720 and 1920×1080, normal and in presenter mode, written to
 * target/screenshots/ for a person to look at (and for the README's pictures), and checked for what each picture
 * must show: the RAID1 legs holding AAAA and BBBB in rows marked as differing, the red banner naming mirrors-agree,
 * the DMA arrow from the clone into leg1; the deadlock's red wait-for loop between two waiting lanes; the convoy's
 * green banner and R3 holding 3333. Texts are read from the nodes, colours from the pixels inside their bounds.
 */
@ExtendWith(ApplicationExtension.class)
class StageScreenshotsTest {
    private final LessonLibrary library = LessonLoader.loadBundled();

    /** A lesson's key step and what its picture must show. */
    private record Shot(String lesson, String policy, int step, Check check) {}

    @FunctionalInterface
    private interface Check {
        void check(StageView stage, Picture picture, List<String> problems);
    }

    @Start
    void start(Stage stage) {
        stage.show();
    }

    @Test
    void keyStepsOfThreeLessonsAtBothSizesAndInPresenterModeShowWhatTheyAreAbout(FxRobot robot) {
        List<Shot> shots = List.of(
                new Shot("raid1-mirrors-diverge", "zero-copy", 6, StageScreenshotsTest::mirrorsDiverge),
                new Shot("exclusive-pin-deadlock", "exclusive-pin", -1, StageScreenshotsTest::deadlock),
                new Shot("ext4-dio-lock-convoy", "", -1, StageScreenshotsTest::convoyDone));
        List<String> problems = new ArrayList<>();
        for (int[] size : new int[][] {{1280, 720}, {1920, 1080}}) {
            for (boolean presenting : new boolean[] {false, true}) {
                LessonViewModel vm = new LessonViewModel();
                MainWindow[] window = new MainWindow[1];
                robot.interact(() -> window[0] = FxTestSupport.offscreen(library, vm, size[0], size[1]));
                for (Shot s : shots) {
                    String name = s.lesson() + "-" + size[0] + "x" + size[1] + (presenting ? "-presenter" : "");
                    robot.interact(() -> {
                        window[0].openLesson(s.lesson());
                        vm.lessonProperty().get().policies().stream()
                                .filter(c -> c.policy().id().equals(s.policy()))
                                .findFirst()
                                .ifPresent(c -> vm.selectPolicy(c.policy()));
                        int first = vm.traceProperty().get().firstViolationIndex();
                        vm.goTo(
                                s.step() >= 0
                                        ? s.step()
                                        : first >= 0
                                                ? first
                                                : vm.lastIndexProperty().get());
                        window[0].presenter().onProperty().set(presenting);
                        // The convoy's picture is of its end state, all of it: the whole scene (O), not the last
                        // step's region (r3's lane).
                        window[0]
                                .stageView()
                                .cameraProperty()
                                .set(
                                        s.lesson().equals("ext4-dio-lock-convoy")
                                                ? CameraMode.OVERVIEW
                                                : CameraMode.FOLLOW);
                        settle(window[0], size[0], size[1]);
                        try {
                            Picture picture = Picture.of(window[0].getScene().getRoot(), name);
                            List<String> found = new ArrayList<>();
                            stepCounterDrawn(window[0], vm, found);
                            s.check().check(window[0].stageView(), picture, found);
                            found.forEach(p -> problems.add(name + ": " + p));
                        } catch (java.io.IOException e) {
                            throw new java.io.UncheckedIOException(e);
                        }
                    });
                }
            }
        }
        assertThat(problems).isEmpty();
    }

    /**
     * Lays the window out and draws it as a pulse would: an offscreen scene gets no pulse, and the side panel's words
     * lie in a scroll pane's content — without this the picture showed the words of the lesson drawn before while the
     * labels held this one's.
     */
    private static void settle(MainWindow window, int width, int height) {
        FxTestSupport.relayout(window, width, height);
        for (Node n : window.lookupAll("*")) {
            if (n instanceof javafx.scene.Parent p) {
                p.layout();
            }
            // A scroll pane caches its viewport as an image; a scene with no window never redraws that cache, so its
            // snapshot showed the words of the lesson drawn before (a real window redraws it each pulse).
            n.setCache(false);
        }
        FxTestSupport.relayout(window, width, height);
    }

    /** The side panel draws this step's counter ("Step 6 of 22 · leg1"), not a step of the lesson shown before. */
    private static void stepCounterDrawn(MainWindow window, LessonViewModel vm, List<String> problems) {
        Label counter = (Label) window.lookup("#step-counter");
        String drawn = counter.lookup(".text") instanceof javafx.scene.text.Text t ? t.getText() : "";
        String want = "Step " + vm.snapshotProperty().get().index() + " of ";
        expect(
                counter.getText().startsWith(want) && drawn.startsWith(want),
                "the side panel draws '" + drawn + "' for '" + counter.getText() + "'",
                problems);
    }

    /** RAID1 under zero-copy, step 6: leg1's DMA has stored BBBB while leg0 holds AAAA. */
    private static void mirrorsDiverge(StageView stage, Picture picture, List<String> problems) {
        banner(stage, picture, "✗ mirrors-agree violated", true, problems);
        StageProbe probe = StageProbe.of(stage);
        for (String[] leg : new String[][] {{"leg0", "AAAA"}, {"leg1", "BBBB"}}) {
            bytes(probe, picture, Ref.device(leg[0]), new Anchor.BlockBytes(leg[0], 0), leg[1], problems);
            Region row = (Region) part(probe, Ref.device(leg[0]), new Anchor.BlockRow(leg[0], 0));
            Paint fill = row.getBackground().getFills().getFirst().getFill();
            expect(Picture.reddish(fill), leg[0] + " block 0's row is not tinted red: " + fill, problems);
            expect(
                    picture.share(picture.boundsOf(row), fill, 0.03) > 0.3,
                    leg[0] + " block 0's row is not drawn in its red tint",
                    problems);
            Label mark = (Label) row.lookup(".block-mark");
            expect(
                    mark.isVisible() && mark.getText().equals("≠ legs differ"),
                    leg[0] + " row mark: " + mark.getText(),
                    problems);
        }
        // All of it in view without scrolling: both legs (their queue state too) and the clone the DMA comes from.
        javafx.geometry.Rectangle2D seen = probe.visibleArea();
        for (Ref r : List.of(Ref.device("leg0"), Ref.device("leg1"), Ref.bio("w1@leg1"))) {
            javafx.geometry.Rectangle2D box = probe.layout().card(r);
            expect(
                    box != null
                            && box.getMinX() >= seen.getMinX() - 0.5
                            && box.getMaxX() <= seen.getMaxX() + 0.5
                            && box.getMinY() >= seen.getMinY() - 0.5
                            && box.getMaxY() <= seen.getMaxY() + 0.5,
                    r + " at " + box + " is not wholly in view " + seen,
                    problems);
        }
        for (String leg : List.of("leg0", "leg1")) {
            boolean queue = probe.card(Ref.device(leg)).orElseThrow().lookupAll(".card-tag").stream()
                    .anyMatch(n ->
                            n instanceof Label q && q.isVisible() && q.getText().startsWith("queue: "));
            expect(queue, leg + "'s queue state is not shown", problems);
        }
        // The DMA of this step: from the clone on leg1 into leg1's block 0, drawn along its whole route.
        Route dma = probe.routes().stream()
                .filter(r -> r.kind() == ArrowKind.DMA
                        && r.from().equals(Ref.bio("w1@leg1"))
                        && r.to().equals(Ref.block("leg1", 0)))
                .findFirst()
                .orElse(null);
        if (dma == null) {
            problems.add("no DMA arrow from the clone w1@leg1 into leg1 block 0: " + probe.routes());
            return;
        }
        Path line = (Path) stage.lookup(".dma-arrow .arrow-line");
        expect(
                Picture.bluish(line.getStroke()),
                "the DMA arrow is not drawn in the accent: " + line.getStroke(),
                problems);
        Node content = stage.lookup(".stage-content");
        for (int i = 1; i < dma.points().size(); i++) {
            Point2D a = dma.points().get(i - 1);
            Point2D b = dma.points().get(i);
            if (a.distance(b) < 6) {
                continue;
            }
            Point2D mid = picture.pointOf(content, a.midpoint(b));
            expect(
                    picture.near(mid, line.getStroke(), 2, 0.12),
                    "the DMA arrow's segment " + a + "–" + b + " is not drawn at " + mid,
                    problems);
        }
    }

    /** Exclusive pins, last step: t1 and t2 wait for each other, the loop says so in red. */
    private static void deadlock(StageView stage, Picture picture, List<String> problems) {
        banner(stage, picture, "✗ no-deadlock violated", true, problems);
        StageProbe probe = StageProbe.of(stage);
        for (String actor : List.of("t1", "t2")) {
            LaneRow lane = probe.lane(actor).orElseThrow();
            Label state = (Label) lane.lookup(".lane-state");
            expect(
                    lane.getPseudoClassStates().stream()
                            .anyMatch(p -> p.getPseudoClassName().equals("blocked")),
                    actor + "'s lane is not marked waiting",
                    problems);
            expect(
                    state.getText().contains("waits for the exclusive pin"),
                    actor + " says " + state.getText(),
                    problems);
        }
        List<Node> loops = List.copyOf(stage.lookupAll(".wait-loop"));
        expect(loops.size() == 2, "wait-for arrows: " + loops.size(), problems);
        for (Node loop : loops) {
            Path p = (Path) loop.lookup(".arrow-line");
            expect(Picture.reddish(p.getStroke()), "the wait-for loop is not red: " + p.getStroke(), problems);
            expect(
                    picture.share(picture.boundsOf(p), p.getStroke(), 0.15) > 0.02,
                    "the wait-for loop is not drawn in its red",
                    problems);
        }
        Label tag = (Label) stage.lookup(".deadlock-tag");
        expect(tag.getText().equals("⟲ deadlock: t1 → t2 → t1"), "deadlock tag: " + tag.getText(), problems);
        expect(Picture.reddish(tag.getTextFill()), "the deadlock tag is not red", problems);
        expect(
                picture.share(picture.boundsOf(tag.lookup(".text")), tag.getTextFill(), 0.2) > 0.03,
                "the deadlock tag is not drawn",
                problems);
    }

    /** The ext4 convoy under its broken policy, last step: slow, never wrong; every read returned its data. */
    private static void convoyDone(StageView stage, Picture picture, List<String> problems) {
        banner(stage, picture, "✓ Every invariant holds at this step.", false, problems);
        StageProbe probe = StageProbe.of(stage);
        bytes(probe, picture, Ref.page("R3"), new Anchor.PageBytes("R3"), "3333", problems);
        Label state = (Label) probe.lane("r3").orElseThrow().lookup(".lane-state");
        expect(state.getText().contains("rd3 returned R3 = '3333'"), "r3 says " + state.getText(), problems);
    }

    /** The banner reads {@code text}, in red on a red tint when violated, in green otherwise. */
    private static void banner(StageView stage, Picture picture, String text, boolean violated, List<String> problems) {
        Label banner = (Label) stage.lookup("#stage-banner");
        Bounds b = picture.boundsOf(banner);
        Paint fill = banner.getBackground().getFills().getFirst().getFill();
        expect(banner.getText().startsWith(text), "banner reads '" + banner.getText() + "'", problems);
        expect(picture.share(b, fill, 0.03) > 0.5, "the banner is not drawn in its background " + fill, problems);
        expect(
                picture.share(picture.boundsOf(banner.lookup(".text")), banner.getTextFill(), 0.2) > 0.03,
                "the banner's text is not drawn in " + banner.getTextFill(),
                problems);
        if (violated) {
            expect(Picture.reddish(fill) && Picture.reddish(banner.getTextFill()), "the banner is not red", problems);
        } else {
            expect(
                    Picture.greenish(banner.getTextFill()) && !Picture.reddish(fill),
                    "the banner is not green",
                    problems);
        }
    }

    /** The byte cells of {@code part} read {@code bytes}, and each cell is drawn: its background, its glyph. */
    private static void bytes(
            StageProbe probe, Picture picture, Ref card, Anchor part, String bytes, List<String> problems) {
        ByteCells cells = (ByteCells) part(probe, card, part);
        expect(cells.text().equals(bytes), part + " shows " + cells.text() + ", not " + bytes, problems);
        for (Label cell : cells.cells()) {
            Bounds b = picture.boundsOf(cell);
            Paint fill = cell.getBackground().getFills().getFirst().getFill();
            expect(
                    picture.share(b, fill, 0.03) > 0.3,
                    part + " cell '" + cell.getText() + "' has no background",
                    problems);
            // A glyph is found by its colour only where it is drawn large enough to keep it: in a whole-scene shot
            // (the convoy's O) a 3 of 8 px is mostly anti-aliased edge; its size is StageGeometryTest's business.
            expect(
                    b.getHeight() < 14 || picture.share(b, cell.getTextFill(), 0.25) > 0.03,
                    part + " cell '" + cell.getText() + "' has no glyph drawn",
                    problems);
        }
    }

    private static Node part(StageProbe probe, Ref card, Anchor part) {
        return probe.card(card).orElseThrow().part(part).orElseThrow(() -> new AssertionError("no " + part));
    }

    private static void expect(boolean ok, String problem, List<String> problems) {
        if (!ok) {
            problems.add(problem);
        }
    }
}
