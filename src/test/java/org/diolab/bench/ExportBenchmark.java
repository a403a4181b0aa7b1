package org.diolab.bench;

import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import javafx.embed.swing.SwingFXUtils;
import javafx.stage.Stage;
import org.diolab.app.DioLabApp;
import org.diolab.app.export.ExportFormat;
import org.diolab.app.export.FrameComposer;
import org.diolab.app.export.FrameExporter;
import org.diolab.app.export.FrameSize;
import org.diolab.lesson.Lesson;
import org.diolab.lesson.LessonLoader;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * What an export costs per 1920×1080 frame of the RAID1 lesson (printed, never asserted; run with
 * {@code bench/export.sh}; the name keeps it out of {@code mvn verify}): drawing a step's frame (stage, caption,
 * banner, snapshot, conversion), then writing the run as a GIF and as PNGs, each divided by the frames written.
 */
@Tag("bench")
@ExtendWith(ApplicationExtension.class)
class ExportBenchmark {
    private static final int RUNS = Integer.getInteger("bench.runs", 3);

    @Start
    void start(Stage stage) {
        stage.show();
    }

    @Test
    void secondsPerFullHdFrame(FxRobot robot, @TempDir Path dir) throws Exception {
        Lesson raid1 = LessonLoader.loadBundled().find("raid1-mirrors-diverge").orElseThrow();
        String css = DioLabApp.class.getResource(DioLabApp.STYLESHEET).toExternalForm();
        double[] draw = new double[RUNS];
        double[] gif = new double[RUNS];
        double[] png = new double[RUNS];
        for (int run = 0; run < RUNS; run++) {
            List<BufferedImage> frames = new ArrayList<>();
            long[] t = new long[2];
            robot.interact(() -> {
                FrameComposer c = new FrameComposer(
                        raid1, raid1.defaultPolicy(), raid1.play(raid1.defaultPolicy()), FrameSize.FULL_HD, false, css);
                c.render(0); // the first frame builds the cast: not what a frame costs
                t[0] = System.nanoTime();
                for (int i = 0; i < c.steps(); i++) {
                    frames.add(SwingFXUtils.fromFXImage(c.render(i), null));
                }
                t[1] = System.nanoTime();
            });
            int n = frames.size();
            draw[run] = (t[1] - t[0]) / 1e9 / n;
            long g = System.nanoTime();
            FrameExporter.write(frames, ExportFormat.GIF, dir, "raid1-" + run, (f, m) -> {});
            gif[run] = (System.nanoTime() - g) / 1e9 / n;
            long p = System.nanoTime();
            FrameExporter.write(frames, ExportFormat.PNG, dir, "raid1-" + run, (f, m) -> {});
            png[run] = (System.nanoTime() - p) / 1e9 / n;
        }
        System.out.printf(
                "export draw s/frame %.3f, gif %.3f (draw+write %.3f), png %.3f (draw+write %.3f); median of %d runs%n",
                median(draw), median(gif), median(draw) + median(gif), median(png), median(draw) + median(png), RUNS);
    }

    private static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return s[s.length / 2];
    }
}
