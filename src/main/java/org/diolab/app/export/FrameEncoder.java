package org.diolab.app.export;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.function.BiConsumer;

/**
 * Encodes a run's frames as they are handed in, in order, on worker threads: PNGs each on their own, a GIF's frames
 * reduced to their palettes side by side and compressed in order by one writer, an MP4's stills streamed to ffmpeg.
 * Whoever draws the frames (the FX thread) goes on with the next one meanwhile; at most a few frames wait in memory.
 *
 * <pre>{@code
 * try (FrameEncoder enc = FrameEncoder.open(ExportFormat.GIF, dir, "raid1", steps, progress)) {
 *     for (...) enc.add(frame);
 *     List<Path> files = enc.finish();
 * }
 * }</pre>
 */
final class FrameEncoder implements AutoCloseable {
    /** Workers that reduce or compress frames. */
    static final int THREADS = Math.max(1, Runtime.getRuntime().availableProcessors());

    private final ExportFormat format;
    private final Path target;
    private final int frames;
    private final BiConsumer<Double, String> progress;
    private final ExecutorService workers;
    /** Writes in frame order: the GIF and the video. */
    private final ExecutorService writer;
    /** Frames handed in and not yet written: bounds the memory a fast drawer and a slow encoder hold. */
    private final Semaphore inFlight = new Semaphore(THREADS + 2);

    private final List<Future<?>> pending = new ArrayList<>();
    private final List<Path> files = new ArrayList<>();
    private final GifWriter gif;
    private final Mp4Encoder.Stream video;
    private int added;

    private FrameEncoder(
            ExportFormat format, Path target, int frames, BiConsumer<Double, String> progress, int w, int h)
            throws IOException {
        this.format = format;
        this.target = target;
        this.frames = frames;
        this.progress = progress;
        this.workers = Executors.newFixedThreadPool(
                THREADS, Thread.ofPlatform().daemon().name("export-", 0).factory());
        this.writer = Executors.newSingleThreadExecutor(
                Thread.ofPlatform().daemon().name("export-writer").factory());
        switch (format) {
            case PNG -> {
                Files.createDirectories(target);
                gif = null;
                video = null;
            }
            case GIF -> {
                gif = GifWriter.open(target, FrameExporter.STEP_MILLIS, frames);
                video = null;
            }
            case MP4 -> {
                Mp4Encoder ffmpeg = Mp4Encoder.onPath().orElseThrow(() -> new IOException(Mp4Encoder.missing()));
                gif = null;
                // one encoded frame a still, shown for a step's time (see Mp4Encoder.open)
                int hold = Math.round(FrameExporter.STEP_MILLIS / 1000f * FrameExporter.FPS);
                int[] ticks = new int[frames];
                Arrays.fill(ticks, hold);
                ticks[frames - 1] = 3 * hold; // the last step stays three times as long
                video = ffmpeg.open(target, w, h, FrameExporter.FPS, ticks);
            }
            default -> throw new IllegalStateException(format.toString());
        }
    }

    /**
     * An encoder of {@code frames} frames of {@code width} × {@code height} into {@code dir}: {@code <stem>/step-NNN.png},
     * {@code <stem>.gif} or {@code <stem>.mp4} (each step's still held {@link FrameExporter#STEP_MILLIS}).
     */
    static FrameEncoder open(
            ExportFormat format,
            Path dir,
            String stem,
            int frames,
            int width,
            int height,
            BiConsumer<Double, String> progress)
            throws IOException {
        Files.createDirectories(dir);
        Path target = switch (format) {
            case PNG -> dir.resolve(stem);
            case GIF -> dir.resolve(stem + ".gif");
            case MP4 -> dir.resolve(stem + ".mp4");
        };
        return new FrameEncoder(format, target, frames, progress, width, height);
    }

    /** The next frame; it must not change afterwards. Blocks while too many frames wait for the encoders. */
    void add(BufferedImage frame) throws IOException, InterruptedException {
        int i = added++;
        failFast();
        inFlight.acquire();
        switch (format) {
            case PNG -> {
                Path f = target.resolve(String.format("step-%03d.png", i));
                files.add(f);
                pending.add(workers.submit(() -> {
                    try {
                        PngEncoder.write(frame, f);
                        done(i, "wrote " + f.getFileName());
                        return null;
                    } finally {
                        inFlight.release();
                    }
                }));
            }
            case GIF -> {
                Future<BufferedImage> indexed = workers.submit(() -> GifPalette.reduce(frame));
                pending.add(writer.submit(() -> {
                    try {
                        gif.add(indexed.get());
                        done(i, "wrote frame " + i + " of the GIF");
                        return null;
                    } finally {
                        inFlight.release();
                    }
                }));
            }
            case MP4 -> {
                Future<byte[]> bgra = workers.submit(() -> bgra(frame));
                pending.add(writer.submit(() -> {
                    try {
                        video.write(bgra.get());
                        done(i, "encoded step " + i);
                        return null;
                    } finally {
                        inFlight.release();
                    }
                }));
            }
            default -> throw new IllegalStateException(format.toString());
        }
    }

    /** Waits for every frame and closes the file; returns the files written. */
    List<Path> finish() throws IOException, InterruptedException {
        for (Future<?> f : pending) {
            await(f);
        }
        pending.clear();
        if (gif != null) {
            gif.close();
        }
        if (video != null) {
            video.finish();
        }
        progress.accept(1.0, "wrote " + target.getFileName());
        return format == ExportFormat.PNG ? List.copyOf(files) : List.of(target);
    }

    /** Stops the workers (and ffmpeg, if it still runs): after {@link #finish}, or instead of it on an error. */
    @Override
    public void close() throws IOException {
        workers.shutdownNow();
        writer.shutdownNow();
        if (video != null) {
            video.close();
        }
    }

    private void done(int i, String what) {
        progress.accept(0.5 + (i + 1.0) / frames / 2, what);
    }

    /** An encoder that failed says so at the next frame, not only at the end. */
    private void failFast() throws IOException, InterruptedException {
        for (Future<?> f : pending) {
            if (f.isDone()) {
                await(f);
            }
        }
    }

    private static void await(Future<?> f) throws IOException, InterruptedException {
        try {
            f.get();
        } catch (ExecutionException e) {
            Throwable c = e.getCause() instanceof ExecutionException inner ? inner.getCause() : e.getCause();
            if (c instanceof IOException io) {
                throw io;
            }
            if (c instanceof RuntimeException r) {
                throw r;
            }
            throw new IOException(c);
        }
    }

    /** ffmpeg's {@code bgra} from packed 0xAARRGGBB ints: the same bytes, little-endian. */
    static byte[] bgra(BufferedImage frame) {
        int[] px = Pixels.rgb(frame);
        ByteBuffer out = ByteBuffer.allocate(px.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        out.asIntBuffer().put(px);
        return out.array();
    }
}
