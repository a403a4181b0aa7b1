package org.diolab.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.control.Labeled;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.diolab.app.lesson.LessonViewModel;
import org.diolab.app.presenter.PanelFit;
import org.diolab.app.presenter.PresenterMode;
import org.diolab.lesson.LessonLibrary;
import org.diolab.lesson.LessonLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * Presenting on a larger screen is presenting to the same room: at 1920×1080 and 3840×2160 the side panel takes the
 * share of the width it takes at 1280×720, its words and its tabs are as much larger as the screen is, every tab's
 * name is whole, and the stage's camera asks for larger text from 1920×1080 on.
 */
@ExtendWith(ApplicationExtension.class)
class PresenterScaleTest {
    private final LessonLibrary library = LessonLoader.loadBundled();

    @Start
    void start(Stage stage) {
        stage.show();
    }

    /** What one window size shows while presenting. */
    private record Look(
            double panelShare, double tabPx, double wordsPx, double stageText, double bannerPx, List<String> cutTabs) {}

    @Test
    void thePanelAndItsTabsScaleWithTheWindow(FxRobot robot) {
        int[][] sizes = {{1280, 720}, {1920, 1080}, {3840, 2160}};
        List<Look> looks = new ArrayList<>();
        robot.interact(() -> {
            for (int[] size : sizes) {
                LessonViewModel vm = new LessonViewModel();
                MainWindow w = FxTestSupport.offscreen(library, vm, size[0], size[1]);
                w.openLesson("raid1-mirrors-diverge");
                vm.goTo(6);
                w.presenter().onProperty().set(true);
                FxTestSupport.relayout(w, size[0], size[1]);
                Node side = w.lookup(".side-tabs");
                double tabPx = 0;
                List<String> cut = new ArrayList<>();
                // Tabs that overflow the strip are clipped away and a menu button shows instead: a tab nobody finds,
                // though every label is whole.
                if (side.lookup(".control-buttons-tab") instanceof Node menu && menu.isVisible()) {
                    cut.add("the tabs overflow their strip at " + size[0] + "x" + size[1]);
                }
                for (Node n : side.lookupAll(".tab-label")) {
                    if (n instanceof Labeled l && l.isVisible()) {
                        tabPx = Math.max(tabPx, l.getFont().getSize());
                        if (l.lookup(".text") instanceof Text t && !t.getText().equals(l.getText())) {
                            cut.add(l.getText() + " shows " + t.getText());
                        }
                    }
                }
                looks.add(new Look(
                        side.getLayoutBounds().getWidth() / size[0],
                        tabPx,
                        w.panelFit().size(),
                        w.stageView().readableTextProperty().get(),
                        ((Labeled) w.lookup("#stage-banner")).getFont().getSize(),
                        cut));
            }
        });
        Look small = looks.get(0);
        Look hd = looks.get(1);
        Look uhd = looks.get(2);
        assertThat(small.wordsPx()).isLessThanOrEqualTo(PanelFit.MAX_PX);
        assertThat(small.stageText()).isEqualTo(PresenterMode.STAGE_PX);
        for (Look l : looks) {
            assertThat(l.cutTabs()).as("tab names cut").isEmpty();
            // About the share it has at 1280×720 (where the tabs' least width makes it a little wider): before, 19 %
            // of a 1920×1080 screen.
            assertThat(l.panelShare()).isGreaterThan(0.26).isCloseTo(small.panelShare(), within(0.05));
        }
        // 1.5 and 3 times the height of 1280×720: tabs and words as much larger (words may shrink to fit, as at 720).
        assertThat(hd.tabPx()).isCloseTo(small.tabPx() * 1.5, within(0.6));
        assertThat(uhd.tabPx()).isCloseTo(small.tabPx() * 3, within(1.2));
        assertThat(hd.wordsPx()).isGreaterThanOrEqualTo(PanelFit.MIN_PX * 1.5);
        assertThat(uhd.wordsPx()).isGreaterThanOrEqualTo(PanelFit.MIN_PX * 3);
        // The stage: 18 px up to 1920×1080 (already the room's size there), twice that on a 4K screen.
        assertThat(hd.stageText()).isEqualTo(PresenterMode.STAGE_PX);
        assertThat(uhd.stageText()).isEqualTo(PresenterMode.STAGE_PX * 2);
        // The banner is read from the back row like the panel: 19 px at 1280×720, as much larger as the type.
        assertThat(small.bannerPx()).isEqualTo(PresenterMode.BANNER_PX);
        assertThat(hd.bannerPx()).isCloseTo(PresenterMode.BANNER_PX * 1.5, within(0.01));
        assertThat(uhd.bannerPx()).isCloseTo(PresenterMode.BANNER_PX * 3, within(0.01));
    }
}
