package org.diolab.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.diolab.app.FxTestSupport.onFx;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.chart.Axis;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.diolab.lesson.LiveExperiment;
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
 * Issue 20, the Live tab's charts: the bar chart's MiB/s labels ran together ("1,0001,2501,500…"), the line chart had
 * no legend and no units, nothing said where the chart would be before a run, and the scratch directory's prompt was
 * cut. At 1280×720 with the RAID1 lesson's four jobs.
 */
@ExtendWith(ApplicationExtension.class)
class LiveChartTest {
    @TempDir
    Path scratch;

    private final RaidLiveTab tab = new RaidLiveTab();

    @Start
    void start(Stage stage) {
        tab.show(stage);
    }

    @Test
    void theChartsHaveUnitsALegendReadableTicksAndSayWhatTheyWillShow(FxRobot robot) {
        tab.open(robot);
        Label placeholder = onFx(() -> robot.lookup("#live-chart-placeholder").queryAs(Label.class));
        assertThat(onFx(placeholder::isVisible)).isTrue();
        assertThat(onFx(placeholder::getText)).startsWith("No samples yet: run the experiment");
        TextField dir = onFx(() -> robot.lookup("#live-dir").queryAs(TextField.class));
        assertThat(onFx(() -> width(dir.getPromptText(), dir.getFont()) + 24))
                .as("the directory's prompt shown whole")
                .isLessThanOrEqualTo(onFx(dir::getWidth));

        LiveExperiment x = tab.run(robot, scratch);
        List<JobSpec> s = RaidLiveTab.specs(x);
        double[] mibps = {95, 90, 1731, 2950};
        List<List<JobResult>> results = new ArrayList<>();
        for (int i = 0; i < s.size(); i++) {
            JobResult r = LiveResults.run(s.get(i), mibps[i], false, RaceCounters.none());
            results.add(List.of(LiveResults.withSamples(r, mibps[i] * 0.9, mibps[i], mibps[i] * 1.1)));
        }
        tab.finish(robot, results);

        assertThat(onFx(placeholder::isVisible))
                .as("lines drawn: the placeholder goes")
                .isFalse();
        @SuppressWarnings("unchecked")
        LineChart<Number, Number> chart = onFx(
                () -> (LineChart<Number, Number>) robot.lookup("#live-chart").query());
        assertThat(onFx(() -> chart.getYAxis().getLabel())).isEqualTo("bandwidth (MiB/s)");
        assertThat(onFx(() -> chart.getXAxis().getLabel())).isEqualTo("time into the job (s)");
        assertThat(onFx(() -> chart.lookupAll(".chart-legend-item").stream()
                        .map(n -> ((Label) n).getText())
                        .toList()))
                .as("the legend names each job's line")
                .containsExactlyElementsOf(x.jobs().stream().map(j -> j.name()).toList());
        javafx.geometry.Bounds legend = onFx(() -> {
            Node l = chart.lookup(".chart-legend");
            return l.isVisible() ? l.localToScene(l.getLayoutBounds()) : null;
        });
        javafx.geometry.Bounds frame = onFx(() -> chart.localToScene(chart.getLayoutBounds()));
        assertThat(legend).as("the legend is drawn").isNotNull();
        assertThat(legend.getHeight())
                .as("the legend's height: one row of items at least")
                .isGreaterThan(12);
        assertThat(legend.getMaxY()).as("inside the chart").isLessThanOrEqualTo(frame.getMaxY() + 0.5);

        NumberAxis bars = onFx(() -> (NumberAxis)
                ((javafx.scene.chart.BarChart<?, ?>) robot.lookup("#live-bars").query()).getXAxis());
        assertThat(onFx(bars::getLabel)).isEqualTo("median bandwidth (MiB/s)");
        List<String> overlaps = onFx(() -> overlaps(bars));
        assertThat(overlaps).as("tick labels that run into the next one").isEmpty();
        assertThat(onFx(() -> bars.getTickMarks().stream()
                        .filter(Axis.TickMark::isTextVisible)
                        .count()))
                .isGreaterThanOrEqualTo(3);
        FxTestSupport.reveal(robot, "#live-chart");
        FxTestSupport.shoot(tab.window(), "live-charts-1280x720");
    }

    /** Pairs of neighbouring tick labels closer than half their widths plus a gap: drawn into each other. */
    private static List<String> overlaps(NumberAxis axis) {
        List<Axis.TickMark<Number>> ticks = axis.getTickMarks().stream()
                .filter(Axis.TickMark::isTextVisible)
                .toList();
        List<String> out = new ArrayList<>();
        for (int i = 1; i < ticks.size(); i++) {
            Axis.TickMark<Number> a = ticks.get(i - 1);
            Axis.TickMark<Number> b = ticks.get(i);
            double need =
                    (width(a.getLabel(), axis.getTickLabelFont()) + width(b.getLabel(), axis.getTickLabelFont())) / 2
                            + 4;
            if (Math.abs(b.getPosition() - a.getPosition()) < need) {
                out.add(a.getLabel() + " / " + b.getLabel());
            }
        }
        return out;
    }

    private static double width(String s, javafx.scene.text.Font f) {
        Text t = new Text(s);
        t.setFont(f);
        return t.getLayoutBounds().getWidth();
    }
}
