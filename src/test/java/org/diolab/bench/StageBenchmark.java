package org.diolab.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import org.diolab.BigLessons;
import org.diolab.app.stage.StageProbe;
import org.diolab.app.stage.StageRun;
import org.diolab.app.stage.StageView;
import org.diolab.app.stage.motion.ManualMotionClock;
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
 * The stage's cost, printed and never asserted (run with {@code bench/stage.sh}; the name keeps it out of
 * {@code mvn verify}): frames per second of the RAID1 lesson's DMA transition drawn on the software pipeline, each
 * frame rendered in full (clock advanced, CSS, layout, snapshot of a 1920×1080 stage); and the time to lay out and
 * draw one step of a lesson with 1,024 pages (one O_DIRECT write of 1,024 pages on a two-leg mirror), target < 16 ms,
 * beside the same for the RAID1 lesson itself (the floor: what drawing a 1920×1080 stage costs at all). The camera
 * glides during the transition (it frames each step's region), so the transition's frames are also the camera's move.
 */
@Tag("bench")
// the suite's 180 s default stops a benchmark of several runs on a loaded machine halfway
@Timeout(value = 30, unit = TimeUnit.MINUTES)
@ExtendWith(ApplicationExtension.class)
class StageBenchmark {
    private static final int W = 1920;
    private static final int H = 1080;
    private static final int FRAMES = 60;
    private static final int RUNS = Integer.getInteger("bench.runs", 7);
    private static final java.lang.management.ThreadMXBean CPU =
            java.lang.management.ManagementFactory.getThreadMXBean();
    private final ManualMotionClock clock = new ManualMotionClock();
    private StageView view;
    private StageProbe probe;
    private StackPane root;

    @Start
    void start(Stage stage) {
        view = new StageView();
        probe = StageProbe.of(view);
        view.clockProperty().set(clock);
        root = StageRun.offscreen(view, W, H);
        stage.show();
    }

    @Test
    void transitionFramesPerSecondAndALargeStep(FxRobot robot, @TempDir Path dir) throws Exception {
        System.out.printf(
                "# pipeline %s, %d CPUs, %s%n",
                pipeline(), Runtime.getRuntime().availableProcessors(), System.getProperty("java.vm.version"));
        Lesson raid1 = LessonLoader.loadBundled().find("raid1-mirrors-diverge").orElseThrow();
        StageRun run = new StageRun(raid1);
        robot.interact(() -> {
            run.cast(view);
            draw();
        });
        double[] perFrame = new double[RUNS];
        double[] cpuPerFrame = new double[RUNS];
        javafx.geometry.Rectangle2D[] views = new javafx.geometry.Rectangle2D[2];
        for (int r = 0; r < RUNS; r++) {
            double[] ms = new double[FRAMES];
            double[] cpu = new double[FRAMES];
            robot.interact(() -> {
                run.show(view, 5);
                draw();
                views[0] = probe.visibleArea();
                run.show(view, 6);
                for (int f = 0; f < FRAMES; f++) {
                    long c0 = cpuNow();
                    long t0 = System.nanoTime();
                    clock.seek((f + 1.0) / FRAMES);
                    draw();
                    ms[f] = (System.nanoTime() - t0) / 1e6;
                    cpu[f] = (cpuNow() - c0) / 1e6;
                }
                clock.finish();
                views[1] = probe.visibleArea();
            });
            perFrame[r] = median(ms);
            cpuPerFrame[r] = median(cpu);
        }
        // The camera glides with the step's motion, in the same frames: its move is what those frames cost.
        System.out.printf(
                "camera move (the same frames: the view glides from %.0fx%.0f at (%.0f,%.0f) to %.0fx%.0f at"
                        + " (%.0f,%.0f) stage units): %.0f fps (wall), %.0f fps (CPU of the FX and render threads)%n",
                views[0].getWidth(),
                views[0].getHeight(),
                views[0].getMinX(),
                views[0].getMinY(),
                views[1].getWidth(),
                views[1].getHeight(),
                views[1].getMinX(),
                views[1].getMinY(),
                1000 / median(perFrame),
                1000 / median(cpuPerFrame));
        System.out.printf(
                "transition (raid1 DMA, step 5→6, %d frames at %dx%d): median %.1f ms/frame = %.0f fps"
                        + " (runs: %s ms/frame); CPU of the FX and render threads %.1f ms/frame = %.0f fps"
                        + " (runs: %s)%n",
                FRAMES,
                W,
                H,
                median(perFrame),
                1000 / median(perFrame),
                list(perFrame),
                median(cpuPerFrame),
                1000 / median(cpuPerFrame),
                list(cpuPerFrame));

        Steps smallSteps = steps(robot, run);
        System.out.printf(
                "step of raid1-mirrors-diverge (%d steps, %d nodes): lay out+draw a step: %s%n",
                run.trace.size(), nodes(view), smallSteps);

        // B and 1,023 more: one I/O of 1,024 pages, the most the model takes (an I/O of more is refused).
        Lesson big = BigLessons.raid1Write(dir, 1023);
        StageRun large = new StageRun(big);
        long c0 = System.nanoTime();
        robot.interact(() -> {
            large.cast(view);
            draw();
        });
        double castMs = (System.nanoTime() - c0) / 1e6;
        Steps bigSteps = steps(robot, large);
        System.out.printf(
                "step with %d pages (%d steps, %d objects placed, %d in crowds, %d nodes): cast+layout once %.0f ms;"
                        + " lay out+draw a step: %s; target < 16 ms%n",
                1024,
                large.trace.size(),
                probe.layout().cards().size(),
                probe.layout().crowds().stream()
                        .mapToInt(c -> c.members().size())
                        .sum(),
                nodes(view),
                castMs,
                bigSteps);
        assertThat(probe.layout().cards().size()).isGreaterThan(1024);
    }

    /** Every step of {@code run} shown in turn, {@link #RUNS} times: the whole cost, and its lay-out and draw parts. */
    private Steps steps(FxRobot robot, StageRun run) {
        robot.interact(() -> run.cast(view));
        int steps = run.trace.size();
        double[] all = new double[RUNS * steps];
        double[] layout = new double[RUNS * steps];
        double[] layoutCpu = new double[RUNS * steps];
        double[] cpu = new double[RUNS * steps];
        double[] medians = new double[RUNS];
        for (int r = 0; r < RUNS; r++) {
            int at = r * steps;
            robot.interact(() -> {
                view.reducedMotionProperty().set(true); // a step's own cost, not its transition's
                for (int i = 0; i < steps; i++) {
                    long both = cpuNow();
                    long c0 = CPU.getCurrentThreadCpuTime();
                    long t0 = System.nanoTime();
                    run.show(view, i);
                    layOut();
                    long t1 = System.nanoTime();
                    layoutCpu[at + i] = (CPU.getCurrentThreadCpuTime() - c0) / 1e6;
                    view.snapshot(null, null);
                    all[at + i] = (System.nanoTime() - t0) / 1e6;
                    cpu[at + i] = (cpuNow() - both) / 1e6;
                    layout[at + i] = (t1 - t0) / 1e6;
                }
                view.reducedMotionProperty().set(false);
            });
            medians[r] = median(Arrays.copyOfRange(all, at, at + steps));
        }
        return new Steps(all, layout, layoutCpu, cpu, medians);
    }

    /**
     * Per-step times (ms) of all runs: the whole (lay out + draw), the lay-out part alone in wall time and in the FX
     * thread's CPU time (which other processes on a shared machine disturb far less), each run's median.
     */
    private record Steps(double[] all, double[] layout, double[] layoutCpu, double[] cpu, double[] medians) {
        @Override
        public String toString() {
            double[] s = all.clone();
            Arrays.sort(s);
            double[] c = cpu.clone();
            Arrays.sort(c);
            return String.format(
                    "median %.1f ms, p90 %.1f ms, max %.1f ms (lay out alone: median %.1f ms, FX-thread CPU median"
                            + " %.1f ms; run medians: %s ms); CPU of the FX and render threads: median %.1f ms,"
                            + " p90 %.1f ms",
                    median(s),
                    s[(int) (s.length * 0.9)],
                    s[s.length - 1],
                    median(layout),
                    median(layoutCpu),
                    list(medians),
                    median(c),
                    c[(int) (c.length * 0.9)]);
        }
    }

    /**
     * CPU time (ns) of the FX thread (this one) plus JavaFX's render thread, which draws a snapshot while the FX thread
     * waits: what a frame costs in work, which the other processes of a shared machine disturb far less than the wall
     * time.
     */
    private static long cpuNow() {
        if (renderThreads == null) {
            renderThreads = Thread.getAllStackTraces().keySet().stream()
                    .filter(t -> t.getName().startsWith("QuantumRenderer"))
                    .mapToLong(Thread::threadId)
                    .toArray();
        }
        long render = 0;
        for (long id : renderThreads) {
            render += CPU.getThreadCpuTime(id);
        }
        return CPU.getCurrentThreadCpuTime() + render;
    }

    private static long[] renderThreads;

    private static int nodes(javafx.scene.Node n) {
        return 1
                + (n instanceof javafx.scene.Parent p
                        ? p.getChildrenUnmodifiable().stream()
                                .mapToInt(StageBenchmark::nodes)
                                .sum()
                        : 0);
    }

    private void draw() {
        layOut();
        view.snapshot(null, null);
    }

    private void layOut() {
        root.applyCss();
        root.resize(W, H);
        root.layout();
    }

    /** The graphics pipeline in use (SWPipeline: the software one, as the tests and headless exports run). */
    static String pipeline() {
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
}
