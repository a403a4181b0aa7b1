package org.diolab.bench;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import javafx.embed.swing.SwingFXUtils;
import javafx.stage.Stage;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageWriter;
import javax.imageio.stream.ImageOutputStream;
import org.diolab.app.DioLabApp;
import org.diolab.app.export.ExportFormat;
import org.diolab.app.export.FrameComposer;
import org.diolab.app.export.FrameExporter;
import org.diolab.app.export.FrameSize;
import org.diolab.app.export.Mp4Encoder;
import org.diolab.lesson.Lesson;
import org.diolab.lesson.LessonLoader;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * What an export costs per 1920×1080 frame of the RAID1 lesson (printed, never asserted; run with
 * {@code bench/export.sh}; the name keeps it out of {@code mvn verify}), medians of {@code bench.runs} runs with
 * their spread:
 *
 * <ul>
 *   <li>draw: a step's frame (stage, caption, banner, snapshot, conversion) on the FX thread;
 *   <li>write: the drawn run written as a GIF, PNGs and (with ffmpeg) an MP4 by the app's encoders, and — in the
 *       same runs, alternating, so on the same load — by the JDK's own image writers as the export used them before
 *       (its GIF palette reducer, its PNG writer): the before/after of the writers alone;
 *   <li>export: what a user waits for, the whole export as the app and the CLI run it ({@link FrameExporter#export}:
 *       frames drawn on the FX thread while workers encode the ones before), per frame. The target: ≤ 0.15 s.
 * </ul>
 */
@Tag("bench")
// the suite's 180 s default stops a benchmark of several runs on a loaded machine halfway
@Timeout(value = 30, unit = TimeUnit.MINUTES)
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
        boolean ffmpeg = Mp4Encoder.onPath().isPresent();
        List<String> names = new ArrayList<>(List.of("draw", "gif", "gif-jdk", "png", "png-jdk"));
        if (ffmpeg) {
            names.add("mp4");
        }
        names.addAll(List.of("export-gif", "export-png"));
        if (ffmpeg) {
            names.add("export-mp4");
        }
        double[][] t = new double[names.size()][RUNS];
        int n = 0;
        for (int run = 0; run < RUNS; run++) {
            List<BufferedImage> frames = new ArrayList<>();
            long[] span = new long[2];
            robot.interact(() -> {
                FrameComposer c = composer(raid1, css);
                c.render(0); // the first frame builds the cast: not what a frame costs
                span[0] = System.nanoTime();
                for (int i = 0; i < c.steps(); i++) {
                    frames.add(SwingFXUtils.fromFXImage(c.render(i), null));
                }
                span[1] = System.nanoTime();
            });
            n = frames.size();
            int k = 0;
            t[k++][run] = (span[1] - span[0]) / 1e9 / n;
            Path out = dir.resolve("run-" + run);
            // the app's writer and the JDK's, one after the other in each run: the same load for both
            t[k++][run] = timed(() -> FrameExporter.write(frames, ExportFormat.GIF, out, "app", (f, m) -> {})) / n;
            t[k++][run] = timed(() -> jdkGif(frames, out.resolve("jdk.gif"))) / n;
            t[k++][run] = timed(() -> FrameExporter.write(frames, ExportFormat.PNG, out, "app", (f, m) -> {})) / n;
            t[k++][run] = timed(() -> jdkPngs(frames, out.resolve("jdk"))) / n;
            if (ffmpeg) {
                t[k++][run] = timed(() -> FrameExporter.write(frames, ExportFormat.MP4, out, "app", (f, m) -> {})) / n;
            }
            for (String name : names.subList(k, names.size())) {
                ExportFormat format = ExportFormat.parse(name.substring("export-".length()));
                FrameComposer c = onFx(robot, () -> composer(raid1, css));
                Path to = out.resolve(name);
                t[k++][run] = timed(() -> FrameExporter.export(c, format, to, "app", (f, m) -> {})) / n;
            }
            long bytes;
            try (var files = Files.walk(out.resolve("app"))) {
                bytes = files.filter(Files::isRegularFile)
                        .mapToLong(ExportBenchmark::size)
                        .sum();
            }
            if (run == 0) {
                System.out.printf(
                        Locale.ROOT,
                        "# %d frames at %dx%d; sizes: app gif %d kB, jdk gif %d kB, app pngs %d kB, jdk pngs %d kB%n",
                        n,
                        frames.getFirst().getWidth(),
                        frames.getFirst().getHeight(),
                        Files.size(out.resolve("app.gif")) / 1024,
                        Files.size(out.resolve("jdk.gif")) / 1024,
                        bytes / 1024,
                        dirSize(out.resolve("jdk")) / 1024);
            }
        }
        System.out.printf(
                Locale.ROOT,
                "# pipeline %s, %d CPUs; s/frame, median of %d runs (runs sorted in brackets)%n",
                StageBenchmark.pipeline(),
                Runtime.getRuntime().availableProcessors(),
                RUNS);
        for (int k = 0; k < names.size(); k++) {
            System.out.printf(Locale.ROOT, "export %-10s %.3f s/frame  [%s]%n", names.get(k), median(t[k]), list(t[k]));
        }
        double draw = median(t[0]);
        System.out.printf(
                Locale.ROOT,
                "export draw+write: gif %.3f (before: %.3f with the JDK's writer), png %.3f (before: %.3f);"
                        + " whole export (drawn and written in a pipeline): gif %.3f, png %.3f%s s/frame;"
                        + " target <= 0.15%n",
                draw + median(t[1]),
                draw + median(t[2]),
                draw + median(t[3]),
                draw + median(t[4]),
                median(t[names.indexOf("export-gif")]),
                median(t[names.indexOf("export-png")]),
                ffmpeg ? String.format(Locale.ROOT, ", mp4 %.3f", median(t[names.indexOf("export-mp4")])) : "");
    }

    private static FrameComposer composer(Lesson lesson, String css) {
        return new FrameComposer(
                lesson, lesson.defaultPolicy(), lesson.play(lesson.defaultPolicy()), FrameSize.FULL_HD, false, css);
    }

    /** The GIF as the export wrote it before: the JDK's writer reducing each frame's colours itself. */
    private static void jdkGif(List<BufferedImage> frames, Path file) throws IOException {
        ImageWriter writer = ImageIO.getImageWritersByFormatName("gif").next();
        Files.createDirectories(file.getParent());
        try (ImageOutputStream out = ImageIO.createImageOutputStream(file.toFile())) {
            writer.setOutput(out);
            writer.prepareWriteSequence(null);
            for (BufferedImage f : frames) {
                BufferedImage rgb = new BufferedImage(f.getWidth(), f.getHeight(), BufferedImage.TYPE_INT_RGB);
                rgb.getGraphics().drawImage(f, 0, 0, null);
                writer.writeToSequence(new IIOImage(rgb, null, null), writer.getDefaultWriteParam());
            }
            writer.endWriteSequence();
        } finally {
            writer.dispose();
        }
    }

    /** The PNGs as the export wrote them before: the JDK's writer, one after the other. */
    private static void jdkPngs(List<BufferedImage> frames, Path dir) throws IOException {
        Files.createDirectories(dir);
        for (int i = 0; i < frames.size(); i++) {
            ImageIO.write(
                    frames.get(i),
                    "png",
                    dir.resolve(String.format("step-%03d.png", i)).toFile());
        }
    }

    private interface Work {
        void run() throws Exception;
    }

    private static double timed(Work w) throws Exception {
        long t0 = System.nanoTime();
        w.run();
        return (System.nanoTime() - t0) / 1e9;
    }

    private static <T> T onFx(FxRobot robot, java.util.concurrent.Callable<T> call) {
        List<T> out = new ArrayList<>();
        robot.interact(() -> {
            try {
                out.add(call.call());
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        return out.getFirst();
    }

    private static long size(Path p) {
        try {
            return Files.size(p);
        } catch (IOException e) {
            return 0;
        }
    }

    private static long dirSize(Path dir) throws IOException {
        try (var files = Files.list(dir)) {
            return files.mapToLong(ExportBenchmark::size).sum();
        }
    }

    private static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }

    private static String list(double[] xs) {
        return Arrays.stream(xs)
                .sorted()
                .mapToObj(x -> String.format(Locale.ROOT, "%.3f", x))
                .collect(Collectors.joining(" "));
    }
}
