package org.diolab.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.Labeled;
import javafx.scene.control.ListView;
import javafx.scene.control.ToggleButton;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.diolab.TestLessons;
import org.diolab.app.lesson.LessonViewModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Issue 20: with the library open and in narrow windows things were cut: tabs, the header, the current lesson's
 * title in the library hidden under the library's header. At 1280×720 and 1024×700, library open, on the lesson
 * with the widest policy toggle: every tab, header button and policy is inside the window and its text whole, the
 * stage keeps a usable width, and the lesson on show is in sight in the library below its header.
 */
@ExtendWith(ApplicationExtension.class)
class NarrowWindowFitTest {
    private final LessonViewModel vm = new LessonViewModel();

    @Start
    void start(Stage stage) {
        stage.show();
    }

    @Test
    void nothingIsCutWithTheLibraryOpenAt1280x720() {
        check(1280, 720);
    }

    @Test
    void nothingIsCutWithTheLibraryOpenAt1024x700() {
        check(1024, 700);
    }

    private void check(int width, int height) {
        String widest = TestLessons.bundled().lessons().stream()
                .max(java.util.Comparator.comparingInt(l -> l.policies().stream()
                        .mapToInt(c -> (c.policy().id() + " · " + c.role()).length())
                        .sum()))
                .orElseThrow()
                .id();
        // As on the real window: the lesson opened while the library is folded, then the library unfolded.
        MainWindow w = FxTestSupport.onFx(() -> {
            MainWindow m = FxTestSupport.offscreen(TestLessons.bundled(), vm, width, height);
            FxTestSupport.relayout(m, width, height);
            m.openLesson(widest);
            vm.goTo(4);
            FxTestSupport.relayout(m, width, height);
            return m;
        });
        WaitForAsyncUtils.waitForFxEvents();
        FxTestSupport.onFx(() -> {
            ToggleButton library = (ToggleButton) w.lookup("#library-toggle");
            assertThat(library.isSelected()).as("folded at %d px", width).isFalse();
            library.fire();
            FxTestSupport.relayout(w, width, height);
            return null;
        });
        WaitForAsyncUtils.waitForFxEvents(); // what the window does once it is laid out (the library's scroll)
        List<String> cut = FxTestSupport.onFx(() -> {
            FxTestSupport.relayout(w, width, height);
            List<String> out = cutIn(w, width, height);
            if (w.stageView().getWidth() < 300) {
                out.add("the stage is " + Math.round(w.stageView().getWidth()) + " px wide");
            }
            out.addAll(currentLessonInSight(w));
            try {
                Screenshots.write(w, "fit-library-open-" + width + "x" + height);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            return out;
        });
        assertThat(cut)
                .as("cut at %dx%d with the library open (%s)", width, height, widest)
                .isEmpty();
    }

    /** Tabs, header, stage toolbar, library header and timeline: each control inside the window, its text whole. */
    private static List<String> cutIn(MainWindow w, int width, int height) {
        List<String> out = new ArrayList<>();
        List<Node> watched = new ArrayList<>();
        watched.addAll(w.lookupAll(".tab"));
        watched.addAll(w.lookupAll(".top-bar .button"));
        watched.addAll(w.lookupAll(".top-bar .toggle-button"));
        watched.addAll(w.lookupAll(".top-bar .menu-button"));
        watched.addAll(w.lookupAll(".top-bar .label"));
        watched.addAll(w.lookupAll(".stage-toolbar .button"));
        watched.addAll(w.lookupAll(".library-view .section-title"));
        watched.addAll(w.lookupAll("#library-open"));
        watched.addAll(w.lookupAll(".timeline-bar .button"));
        for (Node n : watched) {
            if (!shown(n)) {
                continue;
            }
            Bounds b = n.localToScene(n.getLayoutBounds());
            String name = describe(n);
            if (b.getMinX() < -0.5 || b.getMaxX() > width + 0.5 || b.getMinY() < -0.5 || b.getMaxY() > height + 0.5) {
                out.add(name + " outside the window: " + Math.round(b.getMinX()) + ".." + Math.round(b.getMaxX()));
            }
            Node pane = n;
            while (pane != null && !(pane instanceof javafx.scene.control.TabPane)) {
                pane = pane.getParent();
            }
            if (n.getStyleClass().contains("tab") && pane != null) {
                Bounds p = pane.localToScene(pane.getLayoutBounds());
                if (b.getMaxX() > p.getMaxX() + 0.5 || b.getMinX() < p.getMinX() - 0.5) {
                    out.add(name + " past its tab strip (" + Math.round(b.getMaxX()) + " > " + Math.round(p.getMaxX())
                            + ")");
                }
            }
            if (n instanceof Labeled l && elided(l)) {
                out.add(name + " cut to '" + drawn(l) + "'");
            }
            for (Node t : n.lookupAll(".tab-label")) {
                if (t instanceof Labeled l && elided(l)) {
                    out.add("tab '" + l.getText() + "' cut to '" + drawn(l) + "'");
                }
            }
        }
        return out;
    }

    /** The lesson on show, selected in the library: its row in the list's viewport, below the library's header. */
    private static List<String> currentLessonInSight(MainWindow w) {
        ListView<?> list = (ListView<?>) w.lookup("#library");
        Node header = w.lookup(".library-view .section-title");
        for (Node cell : list.lookupAll(".lesson-cell")) {
            if (cell instanceof javafx.scene.control.ListCell<?> c && c.isSelected() && shown(c)) {
                Bounds row = c.localToScene(c.getLayoutBounds());
                Bounds view = list.localToScene(list.getLayoutBounds());
                Bounds head = header.localToScene(header.getLayoutBounds());
                List<String> out = new ArrayList<>();
                if (row.getMinY() < view.getMinY() - 0.5 || row.getMinY() < head.getMaxY()) {
                    out.add("the lesson on show starts at y=" + Math.round(row.getMinY()) + ", above the list ("
                            + Math.round(view.getMinY()) + ")");
                }
                if (row.getMaxY() > view.getMaxY() + 0.5) {
                    out.add("the lesson on show runs below the list");
                }
                return out;
            }
        }
        return List.of("the lesson on show is not in sight in the library");
    }

    private static boolean shown(Node n) {
        for (Node p = n; p != null; p = p.getParent()) {
            if (!p.isVisible()) {
                return false;
            }
        }
        return n.getScene() != null;
    }

    private static boolean elided(Labeled l) {
        String text = l.getText();
        String drawn = drawn(l);
        return text != null && !text.isEmpty() && drawn != null && !drawn.equals(text);
    }

    private static String drawn(Labeled l) {
        return l.lookup(".text") instanceof Text t ? t.getText() : null;
    }

    private static String describe(Node n) {
        String text = n instanceof Labeled l ? " '" + l.getText() + "'" : "";
        return n.getTypeSelector() + (n.getId() == null ? "" : "#" + n.getId()) + text;
    }
}
