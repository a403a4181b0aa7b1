package org.diolab.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import javafx.application.Platform;
import javafx.collections.ListChangeListener;
import javafx.scene.Scene;
import javafx.scene.input.KeyEvent;
import javafx.stage.Window;

/**
 * The app as a user runs it ({@link org.diolab.Main}'s arguments), with each key press timed in its real window (run
 * by {@code bench/stage-window.sh}): from one key press to the next, the pulses the window ran, the frames it painted,
 * the CPU time of the FX thread and of JavaFX's render thread, and the largest FX-thread part of one pulse. One line a
 * key, {@code key KEY: ...}, printed at the next key. JavaFX 26 has no pulse logger any more; a scene's pulse listeners
 * and its performance tracker (frames painted) stand in for it, from outside the app's code.
 */
public final class WindowPulses {
    private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();

    private WindowPulses() {}

    public static void main(String[] args) throws Exception {
        Thread watch = new Thread(WindowPulses::watchWhenUp, "window-pulses");
        watch.setDaemon(true);
        watch.start();
        org.diolab.Main.main(args);
    }

    /** Waits for the FX toolkit, then times every window's scene that shows. */
    private static void watchWhenUp() {
        while (true) {
            try {
                Platform.runLater(() -> {
                    System.out.println("# pipeline " + StageBenchmark.pipeline());
                    Window.getWindows().forEach(WindowPulses::watch);
                    Window.getWindows().addListener((ListChangeListener<Window>) c -> {
                        while (c.next()) {
                            c.getAddedSubList().forEach(WindowPulses::watch);
                        }
                    });
                });
                return;
            } catch (IllegalStateException notYet) {
                try {
                    Thread.sleep(20);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }
    }

    private static void watch(Window w) {
        if (w.getScene() != null) {
            new Meter(w.getScene()).install();
        }
        w.sceneProperty().addListener((o, a, s) -> {
            if (s != null) {
                new Meter(s).install();
            }
        });
    }

    /**
     * The counts since the last key press, over every window (presenter mode shows the stage in a window of its own,
     * the keys may reach another): only the FX thread touches them, except the painted frames.
     */
    private static final class Meter {
        private static final java.util.concurrent.atomic.AtomicInteger FRAMES =
                new java.util.concurrent.atomic.AtomicInteger();
        private static volatile long lastFrameAt;
        private static long[] render;
        private static String key;
        private static long keyAt;
        private static long fx0;
        private static long render0;
        private static long pulseFx0;
        private static int pulses;
        private static long maxPulseFx;

        private final Scene scene;

        Meter(Scene scene) {
            this.scene = scene;
        }

        void install() {
            scene.addEventFilter(KeyEvent.KEY_PRESSED, e -> {
                report();
                key = e.getCode().getName();
                keyAt = System.nanoTime();
                fx0 = CPU.getCurrentThreadCpuTime();
                render0 = renderCpu();
                pulses = 0;
                FRAMES.set(0);
                lastFrameAt = keyAt;
                maxPulseFx = 0;
            });
            scene.addPreLayoutPulseListener(() -> pulseFx0 = CPU.getCurrentThreadCpuTime());
            scene.addPostLayoutPulseListener(() -> {
                pulses++;
                maxPulseFx = Math.max(maxPulseFx, CPU.getCurrentThreadCpuTime() - pulseFx0);
            });
            com.sun.javafx.perf.PerformanceTracker.getSceneTracker(scene).setOnRenderedFrameTask(() -> {
                FRAMES.incrementAndGet();
                lastFrameAt = System.nanoTime();
            });
        }

        /** The key before's line (CPU read now: its frames are done, the next key has only just come). */
        private static void report() {
            if (key == null) {
                return;
            }
            System.out.printf(
                    "key %s: %d pulses, %d frames painted, %.1f ms to the last frame, CPU FX %.1f ms + render %.1f ms,"
                            + " largest CSS+layout of one pulse %.1f ms%n",
                    key,
                    pulses,
                    FRAMES.get(),
                    (lastFrameAt - keyAt) / 1e6,
                    (CPU.getCurrentThreadCpuTime() - fx0) / 1e6,
                    (renderCpu() - render0) / 1e6,
                    maxPulseFx / 1e6);
            System.out.flush();
        }

        private static long renderCpu() {
            if (render == null || render.length == 0) {
                render = Thread.getAllStackTraces().keySet().stream()
                        .filter(t -> t.getName().startsWith("QuantumRenderer"))
                        .mapToLong(Thread::threadId)
                        .toArray();
            }
            long sum = 0;
            for (long id : render) {
                sum += Math.max(0, CPU.getThreadCpuTime(id));
            }
            return sum;
        }
    }
}
