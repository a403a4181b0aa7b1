package org.diolab.app.export;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.stream.Stream;
import javafx.embed.swing.SwingFXUtils;
import javax.imageio.ImageIO;

/**
 * Exports a run: every step rendered by a {@link FrameComposer} (FX thread), then written as numbered PNGs, one
 * animated GIF or one MP4 (any thread). Files are named after the lesson and policy.
 */
public final class FrameExporter {
    /** How long each step stays on screen in a GIF or video. */
    public static final int STEP_MILLIS = 1600;
    /** Frames per second of a video that carries the motion. */
    public static final int FPS = 30;

    private FrameExporter() {}

    /** Renders every step. FX thread. */
    public static List<BufferedImage> render(FrameComposer frames, BiConsumer<Double, String> progress) {
        List<BufferedImage> out = new ArrayList<>();
        for (int i = 0; i < frames.steps(); i++) {
            out.add(SwingFXUtils.fromFXImage(frames.render(i), null));
            progress.accept((i + 1.0) / frames.steps() / 2, "rendered step " + i);
        }
        return out;
    }

    /**
     * Writes rendered frames into {@code dir} as {@code format}: {@code <stem>/step-NNN.png}, {@code <stem>.gif} or
     * {@code <stem>.mp4}. Returns the files written.
     */
    public static List<Path> write(
            List<BufferedImage> frames, ExportFormat format, Path dir, String stem, BiConsumer<Double, String> progress)
            throws IOException, InterruptedException {
        Files.createDirectories(dir);
        return switch (format) {
            case PNG -> pngs(frames, dir.resolve(stem), progress);
            case GIF -> {
                Path gif = dir.resolve(stem + ".gif");
                GifWriter.write(frames, gif, STEP_MILLIS);
                progress.accept(1.0, "wrote " + gif.getFileName());
                yield List.of(gif);
            }
            case MP4 -> {
                Mp4Encoder ffmpeg = Mp4Encoder.onPath().orElseThrow(() -> new IOException(Mp4Encoder.missing()));
                Path tmp = Files.createTempDirectory(dir, ".dio-lab-frames-");
                try {
                    pngs(frames, tmp, (f, m) -> progress.accept(0.5 + f / 4, m));
                    Path mp4 = dir.resolve(stem + ".mp4");
                    ffmpeg.encode(tmp, mp4, STEP_MILLIS / 1000.0);
                    progress.accept(1.0, "wrote " + mp4.getFileName());
                    yield List.of(mp4);
                } finally {
                    deleteTree(tmp);
                }
            }
        };
    }

    /**
     * Writes the run as an MP4 that plays as the window does: each step's transition at {@value #FPS} frames a second
     * (the packet travels, then what it causes happens), then the step's still picture for {@link #STEP_MILLIS}. Call
     * off the FX thread: each frame is drawn on it by {@code frames}, then streamed to ffmpeg. Returns the file.
     */
    public static Path mp4WithMotion(
            FrameComposer frames, FrameSize size, Path dir, String stem, BiConsumer<Double, String> progress)
            throws IOException, InterruptedException {
        if (javafx.application.Platform.isFxApplicationThread()) {
            throw new IllegalStateException("mp4WithMotion draws on the FX thread: call it from another");
        }
        Mp4Encoder ffmpeg = Mp4Encoder.onPath().orElseThrow(() -> new IOException(Mp4Encoder.missing()));
        Files.createDirectories(dir);
        Path mp4 = dir.resolve(stem + ".mp4");
        int steps = onFx(frames::steps);
        int moving = transitionFrames();
        int hold = Math.round(STEP_MILLIS / 1000f * FPS);
        try (Mp4Encoder.Stream video = ffmpeg.open(mp4, size.width(), size.height(), FPS)) {
            for (int k = 0; k < steps; k++) {
                int step = k;
                for (int i = 0; k > 0 && i < moving; i++) {
                    double t = (double) i / moving;
                    video.write(onFx(() -> bgra(frames.renderMoving(step, t))), 1);
                }
                video.write(onFx(() -> bgra(frames.render(step))), k == steps - 1 ? hold * 3 : hold);
                progress.accept((k + 1.0) / steps * 0.95, "drew step " + k + " with its motion");
            }
            video.finish();
        }
        progress.accept(1.0, "wrote " + mp4.getFileName());
        return mp4;
    }

    /** The frames of one step's transition at {@value #FPS} fps, at the stage's normal speed. */
    public static int transitionFrames() {
        return (int) Math.round(org.diolab.app.stage.StageView.BASE_MILLIS / 1000 * FPS);
    }

    /** An image's pixels as ffmpeg's {@code bgra} (premultiplied: the frames are opaque, so the same). */
    static byte[] bgra(javafx.scene.image.Image img) {
        int w = (int) img.getWidth();
        int h = (int) img.getHeight();
        byte[] out = new byte[w * h * 4];
        img.getPixelReader()
                .getPixels(0, 0, w, h, javafx.scene.image.PixelFormat.getByteBgraPreInstance(), out, 0, w * 4);
        return out;
    }

    /** Runs {@code call} on the FX thread and waits for its result. */
    private static <T> T onFx(java.util.concurrent.Callable<T> call) throws IOException, InterruptedException {
        java.util.concurrent.FutureTask<T> task = new java.util.concurrent.FutureTask<>(call);
        javafx.application.Platform.runLater(task);
        try {
            return task.get();
        } catch (java.util.concurrent.ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw new IOException(e.getCause());
        }
    }

    private static List<Path> pngs(List<BufferedImage> frames, Path dir, BiConsumer<Double, String> progress)
            throws IOException {
        Files.createDirectories(dir);
        List<Path> files = new ArrayList<>();
        for (int i = 0; i < frames.size(); i++) {
            Path f = dir.resolve(String.format("step-%03d.png", i));
            ImageIO.write(frames.get(i), "png", f.toFile());
            files.add(f);
            progress.accept(0.5 + (i + 1.0) / frames.size() / 2, "wrote " + f.getFileName());
        }
        return files;
    }

    private static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
