package org.diolab.app.launch;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.function.BiConsumer;
import javafx.application.Platform;
import org.diolab.app.DioLabApp;
import org.diolab.app.export.ExportFormat;
import org.diolab.app.export.FrameComposer;
import org.diolab.app.export.FrameExporter;
import org.diolab.app.export.FrameSize;
import org.diolab.engine.op.Policy;
import org.diolab.lesson.Lesson;

/**
 * Exports a lesson's run without a window, for {@code dio-lab export}: starts the JavaFX toolkit on its Headless
 * platform when there is no display (or when asked), renders every frame offscreen and writes the files.
 */
public final class HeadlessExport {
    private HeadlessExport() {}

    /** What to export and where. */
    /** @param motion an MP4 plays each step's transition (at 30 fps) before its still picture */
    public record Request(
            Lesson lesson, Policy policy, ExportFormat format, Path out, FrameSize size, boolean dark, boolean motion) {
        public Request(Lesson lesson, Policy policy, ExportFormat format, Path out, FrameSize size, boolean dark) {
            this(lesson, policy, format, out, size, dark, format == ExportFormat.MP4);
        }
    }

    /** Runs the export; returns the files written. */
    public static List<Path> run(Request r, BiConsumer<Double, String> progress) throws Exception {
        startToolkit();
        String stem = r.lesson().id() + "-" + r.policy().id();
        if (r.format() == ExportFormat.MP4 && r.motion()) {
            CompletableFuture<FrameComposer> made = new CompletableFuture<>();
            Platform.runLater(() -> {
                try {
                    made.complete(composer(r));
                } catch (Throwable t) {
                    made.completeExceptionally(t);
                }
            });
            try {
                return List.of(FrameExporter.mp4WithMotion(made.get(), r.size(), r.out(), stem, progress));
            } catch (ExecutionException e) {
                throw e.getCause() instanceof Exception ex ? ex : e;
            }
        }
        CompletableFuture<FrameComposer> made = new CompletableFuture<>();
        Platform.runLater(() -> {
            try {
                made.complete(composer(r));
            } catch (Throwable t) {
                made.completeExceptionally(t);
            }
        });
        try {
            // drawn on the FX thread frame by frame, each encoded on workers while the next is drawn
            return FrameExporter.export(made.get(), r.format(), r.out(), stem, progress);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof Exception ex ? ex : e;
        }
    }

    private static FrameComposer composer(Request r) {
        return new FrameComposer(
                r.lesson(),
                r.policy(),
                r.lesson().play(r.policy()),
                r.size(),
                r.dark(),
                DioLabApp.class.getResource(DioLabApp.STYLESHEET).toExternalForm());
    }

    /** Starts the toolkit once; headless (no display needed) unless a display is there. */
    static synchronized void startToolkit() throws InterruptedException {
        if (System.getenv("DISPLAY") == null || Boolean.getBoolean("diolab.headless")) {
            System.setProperty("glass.platform", System.getProperty("glass.platform", "Headless"));
            System.setProperty("prism.order", System.getProperty("prism.order", "sw"));
        }
        ClassPathWarning.hide();
        java.util.concurrent.CountDownLatch up = new java.util.concurrent.CountDownLatch(1);
        try {
            Platform.startup(up::countDown);
            Platform.setImplicitExit(false);
        } catch (IllegalStateException alreadyRunning) {
            up.countDown();
        }
        up.await();
    }
}
