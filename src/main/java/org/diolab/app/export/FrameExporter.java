package org.diolab.app.export;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
import java.util.function.BiConsumer;
import javafx.embed.swing.SwingFXUtils;
import javafx.scene.image.WritableImage;

/**
 * Exports a run: every step rendered by a {@link FrameComposer} (FX thread) and written as numbered PNGs, one
 * animated GIF or one MP4 by a {@link FrameEncoder} (worker threads), frame by frame as they are drawn
 * ({@link #export}) or from frames drawn before ({@link #write}). Files are named after the lesson and policy.
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
        if (frames.isEmpty()) {
            throw new IllegalArgumentException("no frames to write");
        }
        BufferedImage first = frames.getFirst();
        try (FrameEncoder out =
                FrameEncoder.open(format, dir, stem, frames.size(), first.getWidth(), first.getHeight(), progress)) {
            for (BufferedImage f : frames) {
                out.add(f);
            }
            return out.finish();
        }
    }

    /**
     * Draws every step and writes it as {@code format} into {@code dir} (as {@link #write}), each frame encoded on
     * worker threads while the FX thread draws the next: the export costs about what drawing costs, not drawing plus
     * writing, and the window stays responsive between frames. Call off the FX thread. Returns the files written.
     */
    public static List<Path> export(
            FrameComposer frames, ExportFormat format, Path dir, String stem, BiConsumer<Double, String> progress)
            throws IOException, InterruptedException {
        if (javafx.application.Platform.isFxApplicationThread()) {
            throw new IllegalStateException("export draws on the FX thread: call it from another");
        }
        int steps = onFx(frames::steps);
        // The FX thread draws frame i + 1 while this thread converts frame i and the workers encode the ones before.
        Future<WritableImage> next = fx(() -> frames.render(0));
        FrameEncoder out = null;
        try {
            for (int i = 0; i < steps; i++) {
                WritableImage drawn = await(next);
                int step = i + 1;
                next = step < steps ? fx(() -> frames.render(step)) : null;
                BufferedImage frame = SwingFXUtils.fromFXImage(drawn, null);
                if (out == null) {
                    out = FrameEncoder.open(format, dir, stem, steps, frame.getWidth(), frame.getHeight(), progress);
                }
                out.add(frame);
                progress.accept((i + 1.0) / steps / 2, "drew step " + i);
            }
            return out.finish();
        } finally {
            if (next != null) {
                next.cancel(false);
            }
            if (out != null) {
                out.close();
            }
        }
    }

    /**
     * Writes the run as an MP4 that plays as the window does: each step's transition at {@value #FPS} frames a second
     * (the packet travels, then what it causes happens), then the step's still picture for {@link #STEP_MILLIS}. Call
     * off the FX thread: each frame is drawn on it by {@code frames} while the one before streams to ffmpeg. Returns
     * the file.
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
        // Every frame in order: each step's transition (not into step 0), then its still, held.
        List<int[]> plan = new ArrayList<>();
        for (int k = 0; k < steps; k++) {
            for (int i = 0; k > 0 && i < moving; i++) {
                plan.add(new int[] {k, i, 1});
            }
            plan.add(new int[] {k, -1, k == steps - 1 ? hold * 3 : hold});
        }
        int[] ticks = plan.stream().mapToInt(at -> at[2]).toArray();
        try (Mp4Encoder.Stream video = ffmpeg.open(mp4, size.width(), size.height(), FPS, ticks)) {
            // The FX thread draws the next frame while this thread hands the last one to ffmpeg.
            Future<WritableImage> next = fx(() -> motionFrame(frames, plan.getFirst(), moving));
            for (int f = 0; f < plan.size(); f++) {
                WritableImage drawn = await(next);
                int[] at = plan.get(f);
                int[] ahead = f + 1 < plan.size() ? plan.get(f + 1) : null;
                next = ahead == null ? null : fx(() -> motionFrame(frames, ahead, moving));
                video.write(bgra(drawn));
                if (at[1] < 0) {
                    progress.accept((at[0] + 1.0) / steps * 0.95, "drew step " + at[0] + " with its motion");
                }
            }
            video.finish();
        }
        progress.accept(1.0, "wrote " + mp4.getFileName());
        return mp4;
    }

    /** Frame {@code at} = {step, i, times}: the {@code i}th of {@code moving} frames into the step, or its still. */
    private static WritableImage motionFrame(FrameComposer frames, int[] at, int moving) {
        return at[1] < 0 ? frames.render(at[0]) : frames.renderMoving(at[0], (double) at[1] / moving);
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
    private static <T> T onFx(Callable<T> call) throws IOException, InterruptedException {
        return await(fx(call));
    }

    /** Runs {@code call} on the FX thread; its result later. */
    private static <T> Future<T> fx(Callable<T> call) {
        FutureTask<T> task = new FutureTask<>(call);
        javafx.application.Platform.runLater(task);
        return task;
    }

    private static <T> T await(Future<T> f) throws IOException, InterruptedException {
        try {
            return f.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw new IOException(e.getCause());
        }
    }
}
