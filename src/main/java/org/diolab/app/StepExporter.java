package org.diolab.app;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javafx.embed.swing.SwingFXUtils;
import javafx.scene.Node;
import javafx.scene.image.WritableImage;
import javax.imageio.ImageIO;
import org.diolab.app.work.BackgroundTask;
import org.diolab.app.work.BackgroundWork;
import org.diolab.app.work.Job;

/**
 * Exports what the stage shows: one step as a PNG, or every step of the run as a numbered PNG sequence (for slides,
 * or to assemble into an animation). Snapshots are taken on the FX thread; encoding runs in the background.
 */
public final class StepExporter {
    private final LessonViewModel vm;
    private final BackgroundWork work;

    public StepExporter(LessonViewModel vm, BackgroundWork work) {
        this.vm = vm;
        this.work = work;
    }

    /** Writes a PNG of {@code node} as it is now. FX thread. */
    public static void writePng(Node node, Path file) throws IOException {
        WritableImage image = node.snapshot(null, null);
        ImageIO.write(SwingFXUtils.fromFXImage(image, null), "png", file.toFile());
    }

    /**
     * Snapshots {@code node} at every step (FX thread), then writes {@code step-000.png ...} into {@code dir} in the
     * background, restoring the step on show. Calls {@code done} with the files written.
     */
    public Job exportRun(Node node, Path dir, java.util.function.Consumer<List<Path>> done,
                                        java.util.function.Consumer<Throwable> failed,
                                        java.util.function.BiConsumer<Double, String> progress) {
        int keep = vm.indexProperty().get();
        List<BufferedImage> frames = new ArrayList<>();
        for (int i = 0; i <= vm.lastIndexProperty().get(); i++) {
            vm.goTo(i);
            node.applyCss();
            if (node instanceof javafx.scene.Parent p) {
                p.layout();
            }
            frames.add(SwingFXUtils.fromFXImage(node.snapshot(null, null), null));
        }
        vm.goTo(keep);
        return work.submit(BackgroundTask.of("export run", ctx -> {
            Files.createDirectories(dir);
            List<Path> files = new ArrayList<>();
            for (int i = 0; i < frames.size() && !ctx.cancelled(); i++) {
                Path f = dir.resolve(String.format("step-%03d.png", i));
                ImageIO.write(frames.get(i), "png", f.toFile());
                files.add(f);
                ctx.progress((i + 1.0) / frames.size(), "wrote " + f.getFileName());
            }
            return files;
        }).onSuccess(done).onFailure(failed).onProgress(progress));
    }
}
