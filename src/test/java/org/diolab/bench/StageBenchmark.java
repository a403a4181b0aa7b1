package org.diolab.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import javafx.scene.Scene;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import org.diolab.app.DioLabApp;
import org.diolab.app.Themes;
import org.diolab.app.stage.LanePaths;
import org.diolab.app.stage.ManualMotionClock;
import org.diolab.app.stage.StageCasting;
import org.diolab.app.stage.StageFrame;
import org.diolab.app.stage.StageView;
import org.diolab.engine.Trace;
import org.diolab.lesson.Lesson;
import org.diolab.lesson.LessonLibrary;
import org.diolab.lesson.LessonLoader;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The stage's cost, printed and never asserted (run with {@code bench/stage.sh}; the name keeps it out of
 * {@code mvn verify}): frames per second of the RAID1 lesson's DMA transition drawn on the software pipeline, each
 * frame rendered in full (clock advanced, CSS, layout, snapshot of a 1920×1080 stage); and the time to lay out and
 * draw one step of a lesson with 1,024 pages (one O_DIRECT write of 1,024 pages on a two-leg mirror), target < 16 ms.
 */
@Tag("bench")
@ExtendWith(ApplicationExtension.class)
class StageBenchmark {
    private static final int W = 1920;
    private static final int H = 1080;
    private static final int FRAMES = 60;
    private static final int RUNS = 7;
    private final ManualMotionClock clock = new ManualMotionClock();
    private StageView view;
    private StackPane root;

    @Start
    void start(Stage stage) {
        Themes.apply(false);
        view = new StageView();
        view.clockProperty().set(clock);
        root = new StackPane(view);
        // A scene no window shows: the Headless platform's screen is 1000×1000, a shown 1920×1080 window would not fit.
        Scene scene = new Scene(root, W, H);
        scene.getStylesheets()
                .add(DioLabApp.class.getResource(DioLabApp.STYLESHEET).toExternalForm());
        stage.show();
    }

    @Test
    void transitionFramesPerSecondAndALargeStep(FxRobot robot, @TempDir Path dir) throws Exception {
        System.out.printf(
                "# pipeline %s, %d CPUs, %s%n",
                pipeline(), Runtime.getRuntime().availableProcessors(), System.getProperty("java.vm.version"));
        Lesson raid1 = LessonLoader.loadBundled().find("raid1-mirrors-diverge").orElseThrow();
        Run run = new Run(raid1);
        robot.interact(() -> {
            run.cast(view);
            draw();
        });
        double[] perFrame = new double[RUNS];
        for (int r = 0; r < RUNS; r++) {
            double[] ms = new double[FRAMES];
            robot.interact(() -> {
                run.show(view, 5);
                run.show(view, 6);
                for (int f = 0; f < FRAMES; f++) {
                    long t0 = System.nanoTime();
                    clock.seek((f + 1.0) / FRAMES);
                    draw();
                    ms[f] = (System.nanoTime() - t0) / 1e6;
                }
                clock.finish();
            });
            perFrame[r] = median(ms);
        }
        System.out.printf(
                "transition (raid1 DMA, step 5→6, %d frames at %dx%d): median %.1f ms/frame = %.0f fps"
                        + " (runs: %s ms/frame)%n",
                FRAMES, W, H, median(perFrame), 1000 / median(perFrame), list(perFrame));

        Lesson big = bigLesson(dir, 1024);
        Run large = new Run(big);
        long c0 = System.nanoTime();
        robot.interact(() -> {
            large.cast(view);
            draw();
        });
        double castMs = (System.nanoTime() - c0) / 1e6;
        int steps = large.trace.size();
        double[] medians = new double[RUNS];
        double[] all = new double[RUNS * steps];
        for (int r = 0; r < RUNS; r++) {
            double[] ms = new double[steps];
            robot.interact(() -> {
                view.reducedMotionProperty().set(true); // a step's own cost, not its transition's
                for (int i = 0; i < steps; i++) {
                    long t0 = System.nanoTime();
                    large.show(view, i);
                    draw();
                    ms[i] = (System.nanoTime() - t0) / 1e6;
                }
                view.reducedMotionProperty().set(false);
            });
            System.arraycopy(ms, 0, all, r * steps, steps);
            medians[r] = median(ms);
        }
        Arrays.sort(all);
        System.out.printf(
                "step with %d pages (%d steps, %d cards): cast+layout once %.0f ms; lay out+draw a step:"
                        + " median %.1f ms, p90 %.1f ms, max %.1f ms (run medians: %s ms); target < 16 ms%n",
                1024,
                steps,
                view.layoutInUse().cards().size(),
                castMs,
                median(all),
                all[(int) (all.length * 0.9)],
                all[all.length - 1],
                list(medians));
        assertThat(view.layoutInUse().cards().size()).isGreaterThan(1024);
    }

    private void draw() {
        root.applyCss();
        root.resize(W, H);
        root.layout();
        view.snapshot(null, null);
    }

    /** One O_DIRECT write of {@code pages} pages to a two-leg mirror, and a reader per leg. */
    private static Lesson bigLesson(Path dir, int pages) throws Exception {
        String raid1 = Files.readString(Path.of(LessonLoader.BUNDLED, "raid1-mirrors-diverge.yaml"));
        String names = IntStream.range(0, pages).mapToObj(i -> "P" + i).collect(Collectors.joining(", "));
        StringBuilder setup = new StringBuilder("setup:\n  file: {nodatasum: true}\n  volume:\n    id: raid1\n"
                + "    legs: [leg0, leg1]\n    blocks: {0: \"0000\"}\n  pages:\n    B: \"AAAA\"\n    R0: \"....\"\n"
                + "    R1: \"....\"\n");
        for (int i = 0; i < pages; i++) {
            setup.append("    P")
                    .append(i)
                    .append(": \"")
                    .append(String.format("%04d", i % 10000))
                    .append("\"\n");
        }
        String actors = raid1.substring(raid1.indexOf("actors:"), raid1.indexOf("schedule:"))
                .replace("from: [B]", "from: [B, " + names + "]");
        String text = raid1.substring(0, raid1.indexOf("setup:"))
                        .replace("id: raid1-mirrors-diverge", "id: raid1-" + pages + "-pages")
                + setup + "\n" + actors + raid1.substring(raid1.indexOf("schedule:"));
        Path lessons = Files.createDirectories(dir.resolve("lessons"));
        Files.writeString(lessons.resolve("big.yaml"), text);
        Path sources = Path.of(LessonLoader.BUNDLED, "sources");
        Files.createDirectories(lessons.resolve("sources"));
        try (var s = Files.list(sources)) {
            for (Path p : s.toList()) {
                Files.copy(p, lessons.resolve("sources").resolve(p.getFileName()));
            }
        }
        LessonLibrary lib = LessonLoader.load(lessons);
        assertThat(lib.broken()).as("the generated lesson loads").isEmpty();
        return lib.lessons().getFirst();
    }

    private static String pipeline() {
        try {
            Object p = Class.forName("com.sun.prism.GraphicsPipeline")
                    .getMethod("getPipeline")
                    .invoke(null);
            return p == null
                    ? "none (" + System.getProperty("glass.platform", "?") + ")"
                    : p.getClass().getSimpleName();
        } catch (ReflectiveOperationException | RuntimeException e) {
            return "glass " + System.getProperty("glass.platform", "?") + ", prism "
                    + System.getProperty("prism.order", "default");
        }
    }

    private static double median(double[] xs) {
        double[] s = xs.clone();
        Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }

    private static String list(double[] xs) {
        return Arrays.stream(xs)
                .sorted()
                .mapToObj(x -> String.format("%.1f", x))
                .collect(Collectors.joining(" "));
    }

    /** A lesson's run as the stage draws it. */
    private static final class Run {
        final Lesson lesson;
        final Trace trace;
        final LanePaths lanes;

        Run(Lesson lesson) {
            this.lesson = lesson;
            this.trace = lesson.play(lesson.defaultPolicy());
            this.lanes = new LanePaths(
                    lesson.simulator(lesson.defaultPolicy()), trace, StageCasting.threadTitles(lesson.scenario()));
        }

        void cast(StageView view) {
            view.setCast(StageCasting.of(
                    lesson.simulator(lesson.defaultPolicy()), trace, StageCasting.threadTitles(lesson.scenario())));
        }

        void show(StageView view, int i) {
            view.setFrame(new StageFrame(trace, i, lanes.at(i)));
        }
    }
}
