package org.diolab.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.diolab.app.live.LiveRow;
import org.diolab.app.live.LiveVerdict;
import org.diolab.live.job.JobSpec;
import org.diolab.live.report.JobResult;
import org.diolab.live.report.RaceCounters;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The Live tab at 1280×720 with the RAID1 lesson's results as issue 13 saw them: bounced 1 MiB writes faster than
 * zero-copy ones, because only the bounce buffer got huge pages. The table shows medians and spreads, and the
 * contradiction is flagged with that cause instead of shown silently.
 */
@ExtendWith(ApplicationExtension.class)
class LiveViewScreenshotTest {
    @TempDir
    Path scratch;

    private final RaidLiveTab tab = new RaidLiveTab();

    @Start
    void start(Stage stage) {
        tab.show(stage);
    }

    @Test
    void aContradictionIsFlaggedWithItsLikelyCause(FxRobot robot) {
        tab.open(robot);
        List<JobSpec> s = RaidLiveTab.specs(tab.run(robot, scratch));
        List<List<JobResult>> results = List.of(
                List.of(
                        LiveResults.run(s.get(0), 95, true, LiveResults.mirrorsDiffer(812)),
                        LiveResults.run(s.get(0), 101, true, LiveResults.mirrorsDiffer(640)),
                        LiveResults.run(s.get(0), 88, true, LiveResults.mirrorsDiffer(702))),
                List.of(
                        LiveResults.run(s.get(1), 90, true, RaceCounters.none()),
                        LiveResults.run(s.get(1), 84, true, RaceCounters.none()),
                        LiveResults.run(s.get(1), 93, true, RaceCounters.none())),
                List.of(
                        LiveResults.run(s.get(2), 1731, false, RaceCounters.none()),
                        LiveResults.run(s.get(2), 1802, false, RaceCounters.none()),
                        LiveResults.run(s.get(2), 1650, false, RaceCounters.none())),
                List.of(
                        LiveResults.run(s.get(3), 3029, true, RaceCounters.none()),
                        LiveResults.run(s.get(3), 2903, true, RaceCounters.none()),
                        LiveResults.run(s.get(3), 2950, true, RaceCounters.none())));
        tab.finish(robot, results);

        LiveRow bounced = (LiveRow)
                robot.lookup("#live-results").queryTableView().getItems().get(3);
        assertThat(bounced.verdict().kind()).isEqualTo(LiveVerdict.Kind.CONTRADICTS);
        assertThat(bounced.verdict().detail()).contains("huge pages").contains("1.70×");
        assertThat(bounced.ratio()).isCloseTo(2950.0 / 1731, org.assertj.core.data.Offset.offset(0.01));
        assertThat(robot.lookup("#live-status").queryAs(Label.class).getText())
                .contains("1 result(s) contradict the lesson");
        assertThat(robot.lookup("#live-notes .live-note").queryAllAs(Label.class))
                .extracting(Label::getText)
                .anyMatch(t -> t.startsWith("✗ contradicts — bounced 1 MiB writes"))
                .anyMatch(t -> t.startsWith("small — zero-copy mirrors"));
        robot.interact(() ->
                tab.window().liveView().lookup("#live-results").getParent().requestLayout());
        FxTestSupport.shoot(tab.window(), "live-contradiction-1280x720");
    }
}
